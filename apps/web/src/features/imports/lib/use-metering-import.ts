import { useState } from "react";
import {
  MAX_IMPORT_FILE_BYTES,
  MAX_METERING_FILES,
  type ImportProgress,
  type MeteringImportBody,
  type MeteringImportPreview,
  type MeteringImportResult,
} from "@nk/contract";
import { useBillingPeriods } from "../../../lib/queries/billing-period-queries";
import { formatFileSize, readFileBase64 } from "../../../lib/read-file-base64";
import { useCommitMeteringImport, usePreviewMeteringImport } from "../api";

// The state and steps of the metering company's results (metering-import-page.tsx; issue 28,
// item 2; decision 1404): the period, the files, the firm's flats mapped to units, the dry run
// and the import.

/** The choice for a firm's flat that belongs to another property. */
export const NOT_THIS_PROPERTY = "none";

export interface MeteringFile {
  fileName: string;
  size: number;
  contentBase64: string;
}

/** The request of the dry run and the import: the files and every flat the user mapped (unmapped choices left out). */
export function buildMeteringBody(
  billingPeriodId: string,
  files: readonly MeteringFile[],
  choices: Record<string, string>,
): MeteringImportBody {
  const mappings = Object.entries(choices).flatMap(([firmFlat, unitId]) =>
    unitId === "" ? [] : [{ firmFlat, unitId: unitId === NOT_THIS_PROPERTY ? null : unitId }],
  );
  return {
    billingPeriodId,
    files: files.map(({ fileName, contentBase64 }) => ({ fileName, contentBase64 })),
    mappings,
  };
}

/** Why the chosen files cannot be sent, or null: too many files, or one above 5 MB. */
export function checkMeteringFiles(
  files: readonly { name: string; size: number }[],
): string | null {
  if (files.length > MAX_METERING_FILES)
    return `Höchstens ${MAX_METERING_FILES} Dateien: je eine mit A-, D- und E835-Sätzen.`;
  const tooLarge = files.find((file) => file.size > MAX_IMPORT_FILE_BYTES);
  if (tooLarge)
    return `„${tooLarge.name}“ ist zu groß (${formatFileSize(tooLarge.size)}; höchstens 5 MB).`;
  return null;
}

/** The flats shown for mapping: the open ones and the ones the user already chose for. */
export function getFlatsToMap(
  preview: MeteringImportPreview,
  choices: Record<string, string>,
): MeteringImportPreview["flats"] {
  return preview.flats.filter((flat) => flat.state === "open" || choices[flat.firmFlat]);
}

/** The results are taken over only without an error, with every flat mapped and with cost items. */
function canConfirmMetering(preview: MeteringImportPreview | null): boolean {
  return (
    preview !== null &&
    preview.counts.error === 0 &&
    !preview.needsMapping &&
    preview.items.length > 0
  );
}

export function useMeteringImport() {
  const periods = useBillingPeriods();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewMeteringImport(setProgress);
  const commitImport = useCommitMeteringImport(setProgress);
  const [periodId, setPeriodId] = useState("");
  const [files, setFiles] = useState<MeteringFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<MeteringImportPreview | null>(null);
  const [result, setResult] = useState<MeteringImportResult | null>(null);
  const openPeriods = (periods.data ?? []).filter((period) => !period.isFinal);

  async function chooseFiles(list: FileList | null): Promise<void> {
    setPreview(null);
    setResult(null);
    setFileError(null);
    previewImport.reset();
    const chosen = [...(list ?? [])];
    const error = checkMeteringFiles(chosen);
    if (error) return setFileError(error);
    setFiles(
      await Promise.all(
        chosen.map(async (file) => ({
          fileName: file.name,
          size: file.size,
          contentBase64: await readFileBase64(file),
        })),
      ),
    );
  }

  function choosePeriod(id: string): void {
    setPeriodId(id);
    setPreview(null);
    setChoices({});
  }

  function chooseUnit(firmFlat: string, unitId: string): void {
    setChoices((current) => ({ ...current, [firmFlat]: unitId }));
  }

  async function runPreview(): Promise<void> {
    commitImport.reset();
    setProgress(null);
    try {
      setPreview(await previewImport.mutateAsync(buildMeteringBody(periodId, files, choices)));
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    setProgress(null);
    try {
      setResult(await commitImport.mutateAsync(buildMeteringBody(periodId, files, choices)));
      setPreview(null);
    } catch {
      // The message is shown from commitImport.error.
    }
  }

  const openFlats =
    preview?.flats.filter((flat) => flat.state === "open" && !choices[flat.firmFlat]) ?? [];

  return {
    periods,
    openPeriods,
    periodId,
    choosePeriod,
    files,
    fileError,
    chooseFiles,
    choices,
    chooseUnit,
    openFlats,
    progress,
    previewImport,
    commitImport,
    preview,
    runPreview,
    canConfirm: canConfirmMetering(preview),
    confirm,
    result,
    clearResult: () => setResult(null),
  };
}

export type MeteringImport = ReturnType<typeof useMeteringImport>;
