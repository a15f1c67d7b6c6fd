import { Link } from "react-router";
import { CircleCheck } from "lucide-react";
import { formatCountDe, STATEMENT_MESSAGES, type StatementSaveResult } from "@nk/contract";
import { buttonStyles } from "../../../components/ui/button";
import { RunPdfButtons } from "./run-pdf-buttons";
import { SavedStatementsTable } from "./saved-statements-table";

/** Step 3 'Abrechnung': the saved result, shown until the run's page opens (1.2 s). */
export function SavedRunSummary({ saved }: { saved: StatementSaveResult }) {
  return (
    <div className="space-y-4">
      <div
        className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        role="status"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            {saved.isFinal ? STATEMENT_MESSAGES.finalized : STATEMENT_MESSAGES.saved}
          </p>
          <p className="text-sm">
            {formatCountDe(saved.statements.length, "Abrechnung", "Abrechnungen")}
            {saved.version > 1 ? `, Version ${saved.version}` : ""}. Die Übersicht öffnet sich
            gleich.
          </p>
        </div>
      </div>
      <SavedStatementsTable statements={saved.statements} />
      <RunPdfButtons runId={saved.id} letterCount={saved.statements.length} />
      <Link
        to={`/dashboard/statements/${saved.id}`}
        className={buttonStyles({ variant: "outline" })}
      >
        Zur gespeicherten Abrechnung
      </Link>
    </div>
  );
}
