import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Building, MousePointerClick, Plus, WandSparkles } from "lucide-react";
import {
  formatCountDe,
  PROPERTY_MESSAGES,
  UNIT_MESSAGES,
  type LimitedResource,
  type Unit,
} from "@nk/contract";
import { LimitReachedDialog } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useDeleteProperty, useDeleteUnit } from "../api";
import { useProperties } from "../../../lib/use-properties";
import { PropertyDetails } from "../components/property-details";
import { PropertyList } from "../components/property-list";
import { UnitFormDialog } from "../components/unit-form-dialog";

/** Navigation state the create pages pass: the new property to select, and a success message. */
export interface PropertiesPageState {
  selectedPropertyId?: string;
  successMessage?: string;
}

function readPageState(state: unknown): PropertiesPageState {
  return typeof state === "object" && state !== null ? (state as PropertiesPageState) : {};
}

/** /dashboard/properties (docs/rules/master-data.md#screens 'Properties', docs/rules/master-data.md#states 'Properties screen'). */
export function PropertiesPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { me, canCreate, can } = useMe();
  // Issue 29: master data are for owners, admins and editors.
  const isEditor = can("edit_master_data");
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

  const header = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Immobilien</h1>
        <p className="mt-1 text-sm text-slate-600">Ihre Immobilien und Wohneinheiten.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {isEditor ? (
          <>
            <Link to="/onboarding" className={buttonStyles({ variant: "outline" })}>
              <WandSparkles className="size-4" aria-hidden="true" />
              Einrichtungsassistent
            </Link>
            <Button
              disabled={!me}
              onClick={() =>
                guardCreation("properties", () => void navigate("/dashboard/properties/new"))
              }
            >
              <Plus className="size-4" aria-hidden="true" />
              Neue Immobilie
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );

  let content: ReactNode;
  if (properties.isPending) {
    content = <LoadingState text="Lade Immobilien..." />;
  } else if (properties.isError) {
    content = (
      <Alert
        variant="error"
        title="Fehler beim Laden"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void properties.refetch()}
            isBusy={properties.isFetching}
          >
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(properties.error)}
      </Alert>
    );
  } else if (list.length === 0) {
    content = (
      <EmptyState
        icon={Building}
        title="Noch keine Immobilien"
        description="Legen Sie Ihre erste Immobilie an: mit dem Einrichtungsassistenten samt Wohneinheiten, oder manuell."
        action={
          <>
            <Link to="/onboarding" className={buttonStyles()}>
              <WandSparkles className="size-4" aria-hidden="true" />
              Einrichtungsassistent starten
            </Link>
            <Button
              variant="outline"
              disabled={!me}
              onClick={() =>
                guardCreation("properties", () => void navigate("/dashboard/properties/new"))
              }
            >
              Immobilie manuell anlegen
            </Button>
          </>
        }
      />
    );
  } else {
    content = (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <PropertyList properties={list} selectedId={selected?.id} onSelect={setSelectedId} />
        {selected ? (
          <PropertyDetails
            property={selected}
            canAddUnit={Boolean(me)}
            onAddUnit={() =>
              guardCreation("units", () => setUnitDialog({ isOpen: true, unit: null }))
            }
            onEditUnit={(unit) => setUnitDialog({ isOpen: true, unit })}
            onDeleteUnit={setUnitToDelete}
            onDelete={() => setIsDeletePropertyOpen(true)}
          />
        ) : (
          <EmptyState
            icon={MousePointerClick}
            title="Keine Immobilie ausgewählt"
            description="Wählen Sie links eine Immobilie aus."
          />
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Immobilien – Nebenkosten</title>
      {header}
      {successMessage ? (
        <Alert
          variant="success"
          action={
            <Button size="sm" variant="ghost" onClick={() => setSuccessMessage(null)}>
              Ausblenden
            </Button>
          }
        >
          {successMessage}
        </Alert>
      ) : null}
      {content}

      {selected ? (
        <>
          <UnitFormDialog
            isOpen={unitDialog.isOpen}
            onOpenChange={(isOpen) => setUnitDialog((current) => ({ ...current, isOpen }))}
            propertyId={selected.id}
            unit={unitDialog.unit}
          />
          <ConfirmDialog
            isOpen={isDeletePropertyOpen}
            onOpenChange={setIsDeletePropertyOpen}
            title="Immobilie löschen"
            description={`Sind Sie sicher, dass Sie die Immobilie „${selected.name}“ löschen möchten? Ihre ${formatCountDe(selected.unitCount, "Wohneinheit", "Wohneinheiten")} mit Mietern und Zählern werden ebenfalls gelöscht.`}
            confirmLabel="Löschen"
            busyLabel="Lösche..."
            isDestructive
            isBusy={deleteProperty.isPending}
            onConfirm={confirmDeleteProperty}
          />
        </>
      ) : null}
      <ConfirmDialog
        isOpen={unitToDelete !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setUnitToDelete(null))}
        title="Wohneinheit löschen"
        description={`Sind Sie sicher, dass Sie die Wohneinheit „${unitToDelete?.name ?? ""}“ löschen möchten?`}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deleteUnit.isPending}
        onConfirm={confirmDeleteUnit}
      />
      <LimitReachedDialog
        isOpen={limitInfo !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setLimitInfo(null))}
        title={limitInfo?.title}
        message={limitInfo?.message ?? ""}
        resource={limitInfo?.resource}
      />
    </div>
  );
}
