import { Plus, Users } from "lucide-react";
import { TENANT_MESSAGES } from "@nk/contract";
import { LimitReachedBanner, LimitReachedDialog } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { MoveOutDialog } from "../components/move-out-dialog";
import { PrepaymentsDialog } from "../components/prepayments-dialog";
import { PropertyFilter } from "../../../components/property-filter";
import { TenantCards } from "../components/tenant-cards";
import { TenantFormDialog } from "../components/tenant-form-dialog";
import { summarizeTenants, TenantSummaryCards } from "../components/tenant-summary-cards";
import { TenantTable } from "../components/tenant-table";
import { useTenantsPage } from "../lib/use-tenants-page";

/** /dashboard/tenants: 'Mieter verwalten' (docs/rules/master-data.md#screens 'Tenants'); state in useTenantsPage. */
export function TenantsPage() {
  const page = useTenantsPage();
  const { me, propertyId, propertyList, tenants, isCreateAllowed, limitInfo, form } = page;

  const addButton = isCreateAllowed ? (
    <Button onClick={page.openAdd}>
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
          onChange={page.changeFilter}
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
                  <Button onClick={page.openAdd}>
                    <Plus className="size-4" aria-hidden="true" />
                    Ersten Mieter hinzufügen
                  </Button>
                ) : null
              }
            />
          ) : (
            <>
              <TenantTable tenants={tenants.data} actions={page.actions} />
              <TenantCards tenants={tenants.data} actions={page.actions} />
            </>
          )}
        </>
      )}

      {me ? (
        <TenantFormDialog
          isOpen={form.isOpen}
          onOpenChange={(isOpen) => (isOpen ? undefined : page.closeForm())}
          tenant={form.isOpen ? form.tenant : null}
          properties={propertyList}
          userId={me.user.id}
          defaultUnitId={page.defaultUnitId}
          onLimitReached={(message) => {
            page.closeForm();
            page.setLimitMessage(message);
          }}
        />
      ) : null}
      <PrepaymentsDialog tenant={page.prepaymentTenant} onClose={page.closePrepayments} />
      <MoveOutDialog
        tenant={page.movingOut}
        onOpenChange={(isOpen) => (isOpen ? undefined : page.closeMoveOut())}
        onMoveOut={page.moveOut}
        failure={page.moveOutFailure}
        isBusy={page.isChangingStatus}
      />
      <ConfirmDialog
        isOpen={page.deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : page.closeDelete())}
        title="Mieter löschen"
        description={TENANT_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={page.isDeleting}
        onConfirm={page.confirmDelete}
      />
      <LimitReachedDialog
        isOpen={page.limitMessage !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : page.setLimitMessage(null))}
        message={page.limitMessage ?? ""}
        resource="tenants"
      />
    </div>
  );
}
