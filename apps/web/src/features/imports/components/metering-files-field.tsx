import { useId } from "react";
import { formatFileSize } from "../../../lib/read-file-base64";
import type { MeteringFile } from "../lib/use-metering-import";

/** The metering company's files (up to three: A, D, E835), their names and sizes. */
export function MeteringFilesField({
  files,
  error,
  onChoose,
}: {
  files: readonly MeteringFile[];
  error: string | null;
  onChoose: (list: FileList | null) => void;
}) {
  const fileId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
        Dateien des Messdienstes
      </label>
      <input
        id={fileId}
        type="file"
        multiple
        accept=".dat,.DAT,.txt"
        aria-describedby={`${fileId}-hint`}
        className="block text-sm text-slate-700"
        onChange={(event) => onChoose(event.target.files)}
      />
      <p id={`${fileId}-hint`} className="text-sm text-slate-600">
        Bis zu drei Dateien (A, D, E835), unverändert: ISO-8859-15, Sätze fester Länge mit CR LF.
      </p>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {files.length > 0 ? (
        <p className="text-sm text-slate-600">
          {files.map((file) => `${file.fileName} · ${formatFileSize(file.size)}`).join(", ")}
        </p>
      ) : null}
    </div>
  );
}
