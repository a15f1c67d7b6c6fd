import { useState } from "react";
import { useSearchParams } from "react-router";
import { Plus, Users } from "lucide-react";
import { TENANT_MESSAGES, TENANT_TOASTS, type ForwardingAddress, type Tenant } from "@nk/contract";
import { LimitReachedBanner, LimitReachedDialog } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useTenants } from "../../../lib/queries/tenant-queries";
import { useChangeTenantStatus, useDeleteTenant } from "../api";
import { useProperties } from "../../../lib/use-properties";
import { MoveOutDialog } from "../components/move-out-dialog";
import { PrepaymentsDialog } from "../components/prepayments-dialog";
import { PropertyFilter } from "../../../components/property-filter";
import { TenantCards } from "../components/tenant-cards";
import { TenantFormDialog } from "../components/tenant-form-dialog";
import type { TenantActions } from "../components/tenant-row-actions";
import { summarizeTenants, TenantSummaryCards } from "../components/tenant-summary-cards";
import { TenantTable } from "../components/tenant-table";

type FormState = { isOpen: false } | { isOpen: true; tenant: Tenant | null };

/** /dashboard/tenants: 'Mieter verwalten' (docs/rules/master-data.md#screens 'Tenants'). */
export function TenantsPage() {
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

  const addButton = isCreateAllowed ? (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden="true" />
      Mieter hinzufügen
    </Button>
  ) : null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <title>Mieter verwalten – Nebenkosten</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Mieter verwalten</h1>
          <p className="mt-1 text-sm text-slate-600">
            Mieter, Ein- und Auszüge, Personen und Vorauszahlungen.
          </p>
        </div>
        {addButton}
      </div>

      {limitInfo ? (
        <LimitReachedBanner
          title={limitInfo.title}
          message={limitInfo.message}
          resource="tenants"
        />
      ) : null}

      {propertyList.length > 0 ? (
        <PropertyFilter
          properties={propertyList}
          propertyId={propertyId}
          onChange={changeFilter}
          clearLabel="Alle Mieter"
        />
      ) : null}

      {tenants.isPending ? (
        <LoadingState text="Lade Mieter..." />
      ) : tenants.isError ? (
        <Alert
          variant="error"
          title="Fehler beim Laden"
          action={
            <Button
              size="sm"
              variant="outline"
              onClick={() => void tenants.refetch()}
              isBusy={tenants.isFetching}
            >
              Erneut versuchen
            </Button>
          }
        >
          {getErrorMessage(tenants.error)}
        </Alert>
      ) : (
        <>
          <TenantSummaryCards summary={summarizeTenants(tenants.data)} />
          {tenants.data.length === 0 ? (
            <EmptyState
              icon={Users}
              title="Keine Mieter gefunden"
              description={
                propertyId
                  ? "Für diese Immobilie sind keine Mieter erfasst."
                  : "Legen Sie Ihren ersten Mieter an und ordnen Sie ihn einer Wohneinheit zu."
              }
              action={
                isCreateAllowed ? (
                  <Button onClick={openAdd}>
                    <Plus className="size-4" aria-hidden="true" />
                    Ersten Mieter hinzufügen
                  </Button>
                ) : null
              }
            />
          ) : (
            <>
              <TenantTable tenants={tenants.data} actions={actions} />
              <TenantCards tenants={tenants.data} actions={actions} />
            </>
          )}
        </>
      )}

      {me ? (
        <TenantFormDialog
          isOpen={form.isOpen}
          onOpenChange={(isOpen) => (isOpen ? undefined : setForm({ isOpen: false }))}
          tenant={form.isOpen ? form.tenant : null}
          properties={propertyList}
          userId={me.user.id}
          defaultUnitId={defaultUnitId}
          onLimitReached={(message) => {
            setForm({ isOpen: false });
            setLimitMessage(message);
          }}
        />
      ) : null}
      <PrepaymentsDialog tenant={prepaymentTenant} onClose={() => setPrepaymentTenant(null)} />
      <MoveOutDialog
        tenant={movingOut}
        onOpenChange={(isOpen) => (isOpen ? undefined : setMovingOut(null))}
        onMoveOut={moveOut}
        failure={moveOutFailure}
        isBusy={changeStatus.isPending}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Mieter löschen"
        description={TENANT_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deleteTenant.isPending}
        onConfirm={confirmDelete}
      />
      <LimitReachedDialog
        isOpen={limitMessage !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setLimitMessage(null))}
        message={limitMessage ?? ""}
        resource="tenants"
      />
    </div>
  );
}
