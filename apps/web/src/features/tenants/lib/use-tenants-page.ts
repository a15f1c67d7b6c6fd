import { useState } from "react";
import { useSearchParams } from "react-router";
import { TENANT_TOASTS, type ForwardingAddress, type Tenant } from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useProperties } from "../../../lib/use-properties";
import { useTenants } from "../../../lib/queries/tenant-queries";
import { useChangeTenantStatus, useDeleteTenant } from "../api";
import type { TenantActions } from "../components/tenant-row-actions";

// The state and steps of the tenants page (tenants-page.tsx; docs/rules/master-data.md#screens
// 'Tenants'): the property filter (?property=), the dialogs (form, prepayments, move-out,
// deletion, plan limit) and the status changes.

type FormState = { isOpen: false } | { isOpen: true; tenant: Tenant | null };

export function useTenantsPage() {
  const toast = useToast();
  const { me, canCreate, can } = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const propertyId = searchParams.get("property") ?? undefined;
  const tenants = useTenants(propertyId);
  const properties = useProperties();
  const changeStatus = useChangeTenantStatus();
  const deleteTenant = useDeleteTenant();

  const [form, setForm] = useState<FormState>({ isOpen: false });
  const [prepaymentTenant, setPrepaymentTenant] = useState<Tenant | null>(null);
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  const [movingOut, setMovingOut] = useState<Tenant | null>(null);
  const [moveOutFailure, setMoveOutFailure] = useState<string | null>(null);

  // The permission create_tenant: the member's role (issue 29), and the plan's room: denied
  // while the usage is unknown or the limit is reached.
  const isRoleAllowed = can("create_tenant");
  const isCreateAllowed = isRoleAllowed && canCreate("tenants");
  const limitInfo =
    me && isRoleAllowed && !canCreate("tenants") ? buildLimitReachedInfo(me, "tenants") : null;

  function changeFilter(next: string | undefined): void {
    const params = new URLSearchParams(searchParams);
    if (next) params.set("property", next);
    else params.delete("property");
    setSearchParams(params);
  }

  function openAdd(): void {
    if (!isCreateAllowed) {
      if (limitInfo) setLimitMessage(limitInfo.message);
      return;
    }
    setForm({ isOpen: true, tenant: null });
  }

  /** Moving out asks for the date first (decision 0985); marking active acts at once. */
  function startStatusChange(tenant: Tenant): void {
    if (tenant.isActive) {
      setMoveOutFailure(null);
      setMovingOut(tenant);
    } else {
      void toggleStatus(tenant);
    }
  }

  async function moveOut(
    tenant: Tenant,
    moveOutDate: string,
    forwardingAddress: ForwardingAddress | null,
  ): Promise<void> {
    setMoveOutFailure(null);
    try {
      await changeStatus.mutateAsync({
        id: tenant.id,
        isActive: false,
        body: { moveOutDate, forwardingAddress },
      });
    } catch (error) {
      setMoveOutFailure(getErrorMessage(error));
      throw error;
    }
    toast.success(TENANT_TOASTS.statusChanged(false));
    setMovingOut(null);
  }

  async function toggleStatus(tenant: Tenant): Promise<void> {
    const isActive = !tenant.isActive;
    try {
      await changeStatus.mutateAsync({ id: tenant.id, isActive });
      toast.success(TENANT_TOASTS.statusChanged(isActive));
    } catch (error) {
      if (isApiError(error) && error.isLimitReached) setLimitMessage(error.message);
      else toast.error(TENANT_TOASTS.statusFailed(getErrorMessage(error)));
    }
  }

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    try {
      await deleteTenant.mutateAsync(deleting.id);
      toast.success(TENANT_TOASTS.deleted);
      setDeleting(null);
    } catch (error) {
      toast.error(TENANT_TOASTS.deleteFailed(getErrorMessage(error)));
      setDeleting(null);
    }
  }

  const actions: TenantActions = {
    onEdit: (tenant) => setForm({ isOpen: true, tenant }),
    onPrepayments: setPrepaymentTenant,
    onToggleStatus: startStatusChange,
    onDelete: setDeleting,
    busyTenantId: changeStatus.isPending ? (changeStatus.variables?.id ?? null) : null,
  };

  const propertyList = properties.data ?? [];
  const filteredProperty = propertyList.find((property) => property.id === propertyId);
  const defaultUnitId =
    filteredProperty?.units.length === 1 ? filteredProperty.units[0]?.id : undefined;

  return {
    me,
    propertyId,
    propertyList,
    changeFilter,
    tenants,
    isCreateAllowed,
    limitInfo,
    openAdd,
    actions,
    defaultUnitId,
    form,
    closeForm: () => setForm({ isOpen: false }),
    prepaymentTenant,
    closePrepayments: () => setPrepaymentTenant(null),
    movingOut,
    closeMoveOut: () => setMovingOut(null),
    moveOut,
    moveOutFailure,
    isChangingStatus: changeStatus.isPending,
    deleting,
    closeDelete: () => setDeleting(null),
    confirmDelete,
    isDeleting: deleteTenant.isPending,
    limitMessage,
    setLimitMessage,
  };
}
