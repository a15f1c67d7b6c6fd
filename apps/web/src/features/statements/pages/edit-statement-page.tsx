import { Link, Navigate, useParams } from "react-router";
import { STATEMENT_HISTORY_MESSAGES as H, STATEMENT_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { buttonStyles } from "../../../components/ui/button";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useStatementRun } from "../api";

/**
 * /dashboard/statements/edit/{id}?property= (docs/rules/statements.md#history): a draft opens in the wizard
 * on its property and period, whose saved cost items fill the form. A finalized run is not
 * edited (docs/rules/statements.md#saved-runs): it is corrected.
 */
export function EditStatementPage() {
  const { statementId } = useParams();
  const run = useStatementRun(statementId);
  const back = (
    <Link to="/dashboard/statements" className={buttonStyles({ variant: "outline" })}>
      Alle Abrechnungen
    </Link>
  );
  if (run.isPending) return <LoadingState text="Lade Abrechnung..." />;
  if (run.isError || run.data.isFinal) {
    const message = run.isError
      ? isApiError(run.error) && run.error.status === 404
        ? H.notFound
        : `Fehler beim Laden der Abrechnung: ${getErrorMessage(run.error)}`
      : STATEMENT_MESSAGES.alreadyFinal;
    return (
      <div className="mx-auto w-full max-w-3xl space-y-4">
        <Alert variant="error">{message}</Alert>
        {back}
      </div>
    );
  }
  const params = new URLSearchParams({
    property: run.data.propertyId,
    from: run.data.periodStart,
    to: run.data.periodEnd,
  });
  return <Navigate to={`/dashboard/statements/new?${params.toString()}`} replace />;
}
