import { useState } from "react";
import { STATEMENT_HISTORY_MESSAGES as H, type StatementListItem } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useMe } from "../../../lib/use-me";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { useInvalidateStatements } from "../api";
import {
  BATCH_ACTION_LABELS,
  runBatch,
  type BatchAction,
  type BatchFailure,
} from "../lib/batch-actions";

/** The batch bar of the history: finalize, archive, delete, cancel the selection (docs/rules/statements.md#history). */
export function BatchBar({
  selected,
  onDone,
}: {
  selected: StatementListItem[];
  onDone: () => void;
}) {
  const toast = useToast();
  const invalidate = useInvalidateStatements();
  const [action, setAction] = useState<BatchAction | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [failures, setFailures] = useState<BatchFailure[]>([]);
  // Issue 29: each action only for a role that may do it (the server refuses the others).
  const { can } = useMe();

  function ask(next: BatchAction): void {
    if (selected.length === 0) {
      toast.error(H.noneSelected);
      return;
    }
    setAction(next);
  }

  async function confirm(): Promise<void> {
    if (!action) return;
    setIsBusy(true);
    try {
      const result = await runBatch(action, selected);
      setFailures(result.failures);
      if (result.succeeded > 0) toast.success(H.transitioned(result.succeeded));
      if (result.failures.length > 0) toast.error(H.batchFailed);
      await invalidate();
      onDone();
    } finally {
      setIsBusy(false);
      setAction(null);
    }
  }

  return (
    <div className="space-y-3">
      {selected.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Ausgewählte Abrechnungen"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm"
        >
          <span className="mr-2 font-medium text-slate-800">{`${selected.length} ausgewählt`}</span>
          {can("finalize_statement") ? (
            <Button size="sm" onClick={() => ask("finalize")}>
              {BATCH_ACTION_LABELS.finalize.button}
            </Button>
          ) : null}
          {can("send_statement") ? (
            <Button size="sm" variant="outline" onClick={() => ask("archive")}>
              {BATCH_ACTION_LABELS.archive.button}
            </Button>
          ) : null}
          {can("delete_statement") ? (
            <Button size="sm" variant="danger" onClick={() => ask("delete")}>
              {BATCH_ACTION_LABELS.delete.button}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onDone}>
            Auswahl aufheben
          </Button>
        </div>
      ) : null}
      {failures.length > 0 ? (
        <Alert
          variant="error"
          title={H.batchFailed}
          action={
            <Button size="sm" variant="outline" onClick={() => setFailures([])}>
              Ausblenden
            </Button>
          }
        >
          <ul className="list-disc space-y-1 pl-5">
            {failures.map((failure) => (
              <li key={failure.id}>{`${failure.name}: ${failure.message}`}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <ConfirmDialog
        isOpen={action !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setAction(null))}
        title={action ? BATCH_ACTION_LABELS[action].title : ""}
        description={action ? BATCH_ACTION_LABELS[action].question(selected.length) : ""}
        confirmLabel={action ? BATCH_ACTION_LABELS[action].button : "Bestätigen"}
        busyLabel="Bearbeite..."
        isDestructive={action === "delete"}
        isBusy={isBusy}
        onConfirm={confirm}
      />
    </div>
  );
}
