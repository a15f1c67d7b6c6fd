import { useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { PREPAYMENT_MESSAGES, type Prepayment, type Tenant } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { formatDate } from "../../../lib/format";
import { useDeactivatePrepayment, usePrepayments } from "../api";
import { formatMonthlyAmount } from "../lib/money-text";
import { PrepaymentForm } from "./prepayment-form";

/** docs/rules/prepayments.md#prepayment-panel: the prepayment panel of one tenant. */
export function PrepaymentsDialog({
  tenant,
  onClose,
}: {
  tenant: Tenant | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={tenant !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Vorauszahlungen</DialogTitle>
          <DialogDescription>
            {tenant ? `${tenant.name} – ${tenant.unit.name}, ${tenant.property.name}` : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogBody>
          {tenant ? (
            <PrepaymentsPanel key={tenant.id} tenantId={tenant.id} moveInDate={tenant.moveInDate} />
          ) : null}
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}

function StatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "success" : "neutral"}>{isActive ? "Aktiv" : "Inaktiv"}</Badge>;
}

function PrepaymentsPanel({ tenantId, moveInDate }: { tenantId: string; moveInDate: string }) {
  const toast = useToast();
  const prepayments = usePrepayments(tenantId);
  const deactivate = useDeactivatePrepayment(tenantId);
  const [editing, setEditing] = useState<Prepayment | null>(null);
  const [deleting, setDeleting] = useState<Prepayment | null>(null);
  // A new key after each save starts the form empty again.
  const [formVersion, setFormVersion] = useState(0);

  if (prepayments.isPending) return <LoadingState text="Lade Vorauszahlungen..." />;
  if (prepayments.isError) {
    const isMissing = isApiError(prepayments.error) && prepayments.error.status === 404;
    return (
      <Alert variant="error">
        {isMissing ? PREPAYMENT_MESSAGES.tenantNotFound : getErrorMessage(prepayments.error)}
      </Alert>
    );
  }
  const list = prepayments.data;

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    try {
      await deactivate.mutateAsync(deleting.id);
      toast.success(PREPAYMENT_MESSAGES.deactivated);
      if (editing?.id === deleting.id) setEditing(null);
    } catch (error) {
      // docs/rules/statements.md#statement-messages: a failed delete is only logged.
      console.error("Vorauszahlung konnte nicht gelöscht werden", error);
    } finally {
      setDeleting(null);
    }
  }

  const actions = (prepayment: Prepayment) =>
    prepayment.isActive ? (
      <div className="flex justify-end gap-1">
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label="Vorauszahlung bearbeiten"
          onClick={() => setEditing(prepayment)}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          size="icon"
          variant="ghost"
          className="size-8 text-red-600 hover:bg-red-50"
          aria-label="Vorauszahlung löschen"
          onClick={() => setDeleting(prepayment)}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    ) : null;

  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          {PREPAYMENT_MESSAGES.empty}
        </p>
      ) : (
        <>
          <table className="hidden w-full text-sm sm:table" aria-label="Vorauszahlungen">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
                <th className="py-2 pr-3 font-medium">Betrag</th>
                <th className="py-2 pr-3 font-medium">Gültig ab</th>
                <th className="py-2 pr-3 font-medium">Gültig bis</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 text-right font-medium">Aktionen</th>
              </tr>
            </thead>
            <tbody>
              {list.map((prepayment) => (
                <tr key={prepayment.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-2 pr-3 font-medium tabular-nums text-slate-900">
                    {formatMonthlyAmount(prepayment.monthlyAmount)}
                  </td>
                  <td className="py-2 pr-3">{formatDate(prepayment.validFrom)}</td>
                  <td className="py-2 pr-3">
                    {prepayment.validUntil ? formatDate(prepayment.validUntil) : "unbegrenzt"}
                  </td>
                  <td className="py-2 pr-3">
                    <StatusBadge isActive={prepayment.isActive} />
                  </td>
                  <td className="py-2">{actions(prepayment)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="space-y-2 sm:hidden" aria-label="Vorauszahlungen">
            {list.map((prepayment) => (
              <li
                key={prepayment.id}
                className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm"
              >
                <div className="space-y-1">
                  <p className="font-medium tabular-nums text-slate-900">
                    {formatMonthlyAmount(prepayment.monthlyAmount)}
                  </p>
                  <p className="text-slate-600">
                    {formatDate(prepayment.validFrom)} –{" "}
                    {prepayment.validUntil ? formatDate(prepayment.validUntil) : "unbegrenzt"}
                  </p>
                  <StatusBadge isActive={prepayment.isActive} />
                </div>
                {actions(prepayment)}
              </li>
            ))}
          </ul>
        </>
      )}

      <PrepaymentForm
        key={`${editing?.id ?? "new"}-${formVersion}`}
        tenantId={tenantId}
        moveInDate={moveInDate}
        prepayments={list}
        editing={editing}
        onDone={() => {
          setEditing(null);
          setFormVersion((version) => version + 1);
        }}
      />

      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setDeleting(null))}
        title="Vorauszahlung löschen"
        description={PREPAYMENT_MESSAGES.deleteConfirm}
        confirmLabel="Löschen"
        busyLabel="Lösche..."
        isDestructive
        isBusy={deactivate.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
