import { Banknote, Pencil, Trash2, UserCheck, UserMinus } from "lucide-react";
import type { Tenant } from "@nk/contract";
import { Button } from "../../../components/ui/button";

export interface TenantActions {
  onEdit: (tenant: Tenant) => void;
  onPrepayments: (tenant: Tenant) => void;
  onToggleStatus: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
  /** The tenant whose status is being changed right now. */
  busyTenantId: string | null;
}

/** Edit, prepayments, moved out / active again, delete (docs/rules/master-data.md#screens 'Tenants'). */
export function TenantRowActions({
  tenant,
  actions,
  isLabelled = false,
}: {
  tenant: Tenant;
  actions: TenantActions;
  isLabelled?: boolean;
}) {
  const statusLabel = tenant.isActive ? "Als ausgezogen markieren" : "Als aktiv markieren";
  const StatusIcon = tenant.isActive ? UserMinus : UserCheck;
  const size = isLabelled ? "sm" : "icon";
  const iconClass = isLabelled ? "" : "size-8";
  return (
    <div
      className={
        isLabelled ? "flex flex-wrap justify-end gap-1" : "flex flex-nowrap justify-end gap-1"
      }
      role="group"
      aria-label={`Aktionen für ${tenant.name}`}
    >
      <Button
        size={size}
        variant="ghost"
        className={iconClass}
        aria-label={isLabelled ? undefined : "Bearbeiten"}
        title="Bearbeiten"
        onClick={() => actions.onEdit(tenant)}
      >
        <Pencil className="size-4" aria-hidden="true" />
        {isLabelled ? "Bearbeiten" : null}
      </Button>
      <Button
        size={size}
        variant="ghost"
        className={iconClass}
        aria-label={isLabelled ? undefined : "Vorauszahlungen"}
        title="Vorauszahlungen"
        onClick={() => actions.onPrepayments(tenant)}
      >
        <Banknote className="size-4" aria-hidden="true" />
        {isLabelled ? "Vorauszahlungen" : null}
      </Button>
      <Button
        size={size}
        variant="ghost"
        className={iconClass}
        aria-label={isLabelled ? undefined : statusLabel}
        title={statusLabel}
        isBusy={actions.busyTenantId === tenant.id}
        onClick={() => actions.onToggleStatus(tenant)}
      >
        {actions.busyTenantId === tenant.id ? null : (
          <StatusIcon className="size-4" aria-hidden="true" />
        )}
        {isLabelled ? statusLabel : null}
      </Button>
      <Button
        size={size}
        variant="ghost"
        className={`${iconClass} text-red-600 hover:bg-red-50`}
        aria-label={isLabelled ? undefined : "Löschen"}
        title="Löschen"
        onClick={() => actions.onDelete(tenant)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {isLabelled ? "Löschen" : null}
      </Button>
    </div>
  );
}
