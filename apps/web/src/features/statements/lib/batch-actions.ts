import { formatCountDe, type StatementListItem } from "@nk/contract";
import { getErrorMessage } from "../../../lib/api-error";
import { deleteStatementRun, finalizeBillingPeriod, transitionStatementRun } from "../api";

// Batch actions of the history (docs/rules/statements.md#history, docs/rules/statements.md#statuses): chunks of 5 in parallel; one failing
// run does not undo the others, and each failure is reported with its name.

export const BATCH_CHUNK_SIZE = 5;

export type BatchAction = "finalize" | "archive" | "delete";

export const BATCH_ACTION_LABELS: Record<
  BatchAction,
  { button: string; title: string; question: (n: number) => string }
> = {
  finalize: {
    button: "Finalisieren",
    title: "Abrechnungen finalisieren?",
    question: (n) =>
      `${formatCountDe(n, "Abrechnung wird", "Abrechnungen werden")} neu berechnet und finalisiert. Finalisierte Abrechnungen können nur noch korrigiert werden.`,
  },
  archive: {
    button: "Archivieren",
    title: "Abrechnungen archivieren?",
    question: (n) =>
      `${formatCountDe(n, "versendete Abrechnung wird", "versendete Abrechnungen werden")} archiviert.`,
  },
  delete: {
    button: "Löschen",
    title: "Abrechnungen löschen?",
    question: (n) =>
      `${formatCountDe(n, "Entwurf wird", "Entwürfe werden")} gelöscht. Finalisierte Abrechnungen bleiben erhalten.`,
  },
};

export interface BatchFailure {
  id: string;
  name: string;
  message: string;
}

/**
 * Finalizing does what a single 'Finalisieren' does (issue 23): the run is saved again from its
 * period's inputs and finalized, its letters are made from the snapshot when they are opened or
 * sent. It does not walk calculated → validated, which needs the letters downloaded first. A run
 * already final has nothing left to do.
 */
async function runOne(action: BatchAction, item: StatementListItem): Promise<void> {
  if (action === "delete") return deleteStatementRun(item.id);
  if (action === "archive") {
    await transitionStatementRun(item.id, { to: "archived" });
    return;
  }
  if (item.isFinal) return;
  await finalizeBillingPeriod(item.billingPeriodId);
}

export async function runBatch(
  action: BatchAction,
  items: StatementListItem[],
): Promise<{ succeeded: number; failures: BatchFailure[] }> {
  let succeeded = 0;
  const failures: BatchFailure[] = [];
  for (let start = 0; start < items.length; start += BATCH_CHUNK_SIZE) {
    const chunk = items.slice(start, start + BATCH_CHUNK_SIZE);
    const results = await Promise.allSettled(chunk.map((item) => runOne(action, item)));
    results.forEach((result, index) => {
      if (result.status === "fulfilled") succeeded += 1;
      else
        failures.push({
          id: chunk[index]!.id,
          name: chunk[index]!.name,
          message: getErrorMessage(result.reason),
        });
    });
  }
  return { succeeded, failures };
}
