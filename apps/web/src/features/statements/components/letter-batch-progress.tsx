import { FileDown } from "lucide-react";
import { getLetterBatchPercent, type LetterBatch } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { describeLetterBatch } from "../lib/letter-batch-text";

/** Issue 32 (decision 1084): the progress of "Alle Briefe (PDF)", then the download again. */
export function LetterBatchProgress({
  batch,
  onDownload,
}: {
  batch: LetterBatch;
  onDownload: () => void;
}) {
  const percent = getLetterBatchPercent(batch);
  const text = describeLetterBatch(batch);
  if (batch.status === "failed") return null;
  return (
    <div className="space-y-1.5" data-testid="letter-batch">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-700" aria-live="polite">
          {text}
        </span>
        {batch.status === "done" ? (
          <Button variant="link" size="sm" onClick={onDownload}>
            <FileDown className="size-4" aria-hidden="true" />
            PDF erneut herunterladen
          </Button>
        ) : (
          <span className="tabular-nums text-slate-600">{`${percent} %`}</span>
        )}
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Fortschritt: alle Briefe als PDF"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <div
          className="h-full rounded-full bg-emerald-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
