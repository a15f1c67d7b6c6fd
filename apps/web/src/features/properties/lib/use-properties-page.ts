import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { PROPERTY_MESSAGES, UNIT_MESSAGES, type LimitedResource, type Unit } from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useProperties } from "../../../lib/use-properties";
import { useDeleteProperty, useDeleteUnit } from "../api";

/** Navigation state the create pages pass: the new property to select, and a success message. */
export interface PropertiesPageState {
  selectedPropertyId?: string;
  successMessage?: string;
}

function readPageState(state: unknown): PropertiesPageState {
  return typeof state === "object" && state !== null ? (state as PropertiesPageState) : {};
}

/**
 * The state of /dashboard/properties (docs/rules/master-data.md#screens 'Properties'): the
 * selected property, the create flows guarded by the plan's limits, the unit dialog and the two
 * deletions with their German messages. pages/properties-page.tsx only renders what this returns.
 */
export function usePropertiesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { me, canCreate, can } = useMe();
  const properties = useProperties();
  const deleteProperty = useDeleteProperty();
  const deleteUnit = useDeleteUnit();

  const [pageState] = useState(() => readPageState(location.state));
  const [selectedId, setSelectedId] = useState<string | undefined>(pageState.selectedPropertyId);
  const [successMessage, setSuccessMessage] = useState(pageState.successMessage ?? null);
  const [unitDialog, setUnitDialog] = useState<{ isOpen: boolean; unit: Unit | null }>({
    isOpen: false,
    unit: null,
  });
  const [isDeletePropertyOpen, setIsDeletePropertyOpen] = useState(false);
  const [unitToDelete, setUnitToDelete] = useState<Unit | null>(null);
  const [limitInfo, setLimitInfo] = useState<{
    title: string;
    message: string;
    resource: LimitedResource;
  } | null>(null);

  // The message is shown once: a reload or Back does not bring it again.
  useEffect(() => {
    if (pageState.successMessage) void navigate(location.pathname, { replace: true, state: null });
  }, [pageState.successMessage, navigate, location.pathname]);

  const list = properties.data ?? [];
  // docs/rules/master-data.md#screens: the first property is selected automatically.
  const selected = list.find((property) => property.id === selectedId) ?? list[0];

  /** Opens the create flow, or 'Limit erreicht' with Upgrade when the plan's limit is reached. */
  function guardCreation(resource: LimitedResource, open: () => void) {
    if (!me) return;
    if (!canCreate(resource)) {
      setLimitInfo({ ...buildLimitReachedInfo(me, resource), resource });
      return;
    }
    open();
  }

  async function confirmDeleteProperty() {
    if (!selected) return;
    try {
      await deleteProperty.mutateAsync(selected.id);
      toast.success(PROPERTY_MESSAGES.deleted);
      setSelectedId(undefined);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setIsDeletePropertyOpen(false);
    }
  }

  async function confirmDeleteUnit() {
    if (!unitToDelete) return;
    try {
      await deleteUnit.mutateAsync(unitToDelete.id);
      toast.success(UNIT_MESSAGES.deleted);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setUnitToDelete(null);
    }
  }

  return {
    isSignedIn: Boolean(me),
    // Issue 29: master data are for owners, admins and editors.
    isEditor: can("edit_master_data"),
    properties,
    list,
    selected,
    select: setSelectedId,
    successMessage,
    hideSuccessMessage: () => setSuccessMessage(null),
    startNewProperty: () =>
      guardCreation("properties", () => void navigate("/dashboard/properties/new")),
    unitDialog: {
      ...unitDialog,
      openNew: () => guardCreation("units", () => setUnitDialog({ isOpen: true, unit: null })),
      openEdit: (unit: Unit) => setUnitDialog({ isOpen: true, unit }),
      setIsOpen: (isOpen: boolean) => setUnitDialog((current) => ({ ...current, isOpen })),
    },
    propertyDeletion: {
      isOpen: isDeletePropertyOpen,
      setIsOpen: setIsDeletePropertyOpen,
      isBusy: deleteProperty.isPending,
      confirm: confirmDeleteProperty,
    },
    unitDeletion: {
      unit: unitToDelete,
      ask: setUnitToDelete,
      cancel: () => setUnitToDelete(null),
      isBusy: deleteUnit.isPending,
      confirm: confirmDeleteUnit,
    },
    limitInfo,
    clearLimitInfo: () => setLimitInfo(null),
  };
}
