import type { ImportProgress } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { getErrorMessage } from "../../../lib/api-error";
import { ImportProgressBar } from "./import-progress";

/**
 * The dry run's button of every import, its streamed progress while the server checks the file
 * (decision 1700) and the reason a file cannot be imported.
 */
export function ImportCheck({
  label,
  busyText,
  progressLabel,
  errorTitle,
  disabled,
  check,
  progress,
  onCheck,
}: {
  label: string;
  busyText: string | undefined;
  progressLabel: string;
  errorTitle: string;
  disabled: boolean;
  check: { isPending: boolean; isError: boolean; error: unknown };
  progress: ImportProgress | null;
  onCheck: () => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onCheck} disabled={disabled} isBusy={check.isPending} busyText={busyText}>
          {label}
        </Button>
      </div>
      {check.isPending ? (
        <ImportProgressBar progress={progress} hasSavePhase={false} label={progressLabel} />
      ) : null}
      {check.isError ? (
        <Alert variant="error" title={errorTitle}>
          {getErrorMessage(check.error)}
        </Alert>
      ) : null}
    </>
  );
}
