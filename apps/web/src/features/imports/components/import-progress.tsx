import {
  describeImportProgress,
  getImportProgressPercent,
  type ImportProgress,
} from "@nk/contract";

/**
 * The progress of an import while the server reads, checks and saves a file (issue 28, decision
 * 1700): "1.200 von 10.000 Buchungen geprüft" and a bar. Before the first line arrives the file
 * is still on its way to the server.
 */
export function ImportProgressBar({
  progress,
  hasSavePhase,
  label,
}: {
  progress: ImportProgress | null;
  /** The import itself (check, then save) rather than the dry run (check only). */
  hasSavePhase: boolean;
  label: string;
}) {
  const text = progress ? describeImportProgress(progress) : "Datei wird übertragen …";
  const percent = progress ? getImportProgressPercent(progress, hasSavePhase) : 0;
  return (
    <div className="space-y-1.5" data-testid="import-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-700" aria-live="polite">
          {text}
        </span>
        <span className="tabular-nums text-slate-600">{`${percent} %`}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label={label}
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
