import { useState } from "react";
import { FileDown } from "lucide-react";
import { Link } from "react-router";
import {
  formatEuroDe,
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_STATUS_LABELS,
  STATEMENT_TRANSITIONS,
  roleMayMoveStatement,
  type MemberRole,
  type StatementListItem,
  type StatementStatus,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { SimpleDialog } from "../../../components/ui/dialog";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import {
  createStatementCorrection,
  transitionStatementRun,
  useInvalidateStatements,
  useStatementRun,
} from "../api";
import { RunBadges } from "./run-badges";
import { SavedStatementsTable } from "./saved-statements-table";

/**
 * The next statuses the whole run may take: only when all its statements share one status, and
 * only those the member's role may choose (issue 29).
 */
function nextStatuses(
  statuses: StatementStatus[],
  role: MemberRole | undefined,
): StatementStatus[] {
  const unique = [...new Set(statuses)];
  if (unique.length !== 1 || !role) return [];
  return STATEMENT_TRANSITIONS.filter(
    (t) => t.from === unique[0] && roleMayMoveStatement(role, t.roles, t.to),
  ).map((t) => t.to);
}

/** The view modal of the history (docs/rules/statements.md#history): per tenancy statement, PDFs, status changes. */
export function StatementViewDialog({
  item,
  onClose,
}: {
  item: StatementListItem | null;
  onClose: () => void;
}) {
  const run = useStatementRun(item?.id);
  const { me, can } = useMe();
  const toast = useToast();
  const invalidate = useInvalidateStatements();
  const [busy, setBusy] = useState<StatementStatus | "correction" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function move(to: StatementStatus) {
    if (!item) return;
    setBusy(to);
    setError(null);
    try {
      await transitionStatementRun(item.id, { to });
      toast.success(`Status geändert: ${STATEMENT_STATUS_LABELS[to]}`);
      await invalidate();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  /** docs/rules/statements.md#saved-runs: a change after finalizing is a correction, version n+1 as a draft. */
  async function correct() {
    if (!item) return;
    setBusy("correction");
    setError(null);
    try {
      const correction = await createStatementCorrection(item.id);
      toast.success(H.correctionCreated(correction.version));
      await invalidate();
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const statuses = run.data?.statements.map((s) => s.status) ?? [];
  return (
    <SimpleDialog
      isOpen={item !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="xl"
      title={item?.name ?? "Abrechnung"}
      description={
        item ? `${item.propertyName} · Gesamtkosten ${formatEuroDe(item.totalCosts)}` : undefined
      }
      footer={
        <Button variant="outline" onClick={onClose}>
          Schließen
        </Button>
      }
    >
      {item ? (
        <div className="space-y-4">
          <RunBadges item={item} />
          {run.isPending ? (
            <LoadingState text="Lade Abrechnung..." />
          ) : run.isError ? (
            <Alert variant="error">{`Fehler beim Laden der Abrechnung: ${getErrorMessage(run.error)}`}</Alert>
          ) : (
            <>
              <SavedStatementsTable statements={run.data.statements} />
              <section aria-label="PDF-Dokumente" className="flex flex-wrap gap-2">
                <a
                  href={`/api/statements/${item.id}/pdf`}
                  className={buttonStyles({ size: "sm", variant: "outline" })}
                >
                  <FileDown className="size-4" aria-hidden="true" />
                  Alle Briefe (PDF)
                </a>
                {run.data.statements.map((statement) => (
                  <a
                    key={statement.id}
                    href={`/api/tenant-statements/${statement.id}/pdf`}
                    className={buttonStyles({ size: "sm", variant: "ghost" })}
                  >
                    <FileDown className="size-4" aria-hidden="true" />
                    {`PDF ${statement.unitName} · ${statement.tenantName}`}
                  </a>
                ))}
              </section>
              {error ? <Alert variant="error">{error}</Alert> : null}
              <section aria-label="Status ändern" className="flex flex-wrap items-center gap-2">
                {nextStatuses(statuses, me?.account.role).map((to) => (
                  <Button
                    key={to}
                    size="sm"
                    onClick={() => void move(to)}
                    isBusy={busy === to}
                    disabled={busy !== null}
                  >
                    {`Status: ${STATEMENT_STATUS_LABELS[to]}`}
                  </Button>
                ))}
                {item.isFinal && !item.isReplaced && can("correct_statement") ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void correct()}
                    isBusy={busy === "correction"}
                    disabled={busy !== null}
                  >
                    Korrektur anlegen
                  </Button>
                ) : null}
                <Link
                  to={`/dashboard/statements/${item.id}`}
                  className={buttonStyles({ size: "sm", variant: "link" })}
                >
                  Alle Details
                </Link>
              </section>
            </>
          )}
        </div>
      ) : null}
    </SimpleDialog>
  );
}
