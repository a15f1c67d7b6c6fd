import { useState } from "react";
import type { ImportProgress, ReadingImportPreview, ReadingImportResult } from "@nk/contract";
import { useCommitReadingImport, usePreviewReadingImport } from "../api";
import { toImportFileBody, useImportFile } from "./use-import-file";

// The state and steps of the reading import (reading-import-page.tsx; issue 28, item 4; decision
// 1401): the file, the dry run, the confirmation of lower readings and the import.

const READING_PAGE_SIZE = 200;

/** How many readings the import stores, and whether it may: no error, something new, lower readings confirmed. */
export function getReadingCommitState(
  counts: ReadingImportPreview["counts"] | undefined,
  isDecreaseConfirmed: boolean,
): { storable: number; canConfirm: boolean } {
  const storable = counts ? counts.new + counts.decrease : 0;
  const canConfirm =
    counts !== undefined &&
    counts.error === 0 &&
    storable > 0 &&
    (counts.decrease === 0 || isDecreaseConfirmed);
  return { storable, canConfirm };
}

export function useReadingImport() {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const previewImport = usePreviewReadingImport(setProgress);
  const commitImport = useCommitReadingImport(setProgress);
  const picked = useImportFile("Bitte teilen Sie sie auf.");
  const { file } = picked;
  const [preview, setPreview] = useState<ReadingImportPreview | null>(null);
  const [isDecreaseConfirmed, setIsDecreaseConfirmed] = useState(false);
  const [result, setResult] = useState<ReadingImportResult | null>(null);
  const [shown, setShown] = useState(READING_PAGE_SIZE);

  function reset(): void {
    picked.clear();
    setPreview(null);
    setResult(null);
    setIsDecreaseConfirmed(false);
    previewImport.reset();
    commitImport.reset();
  }

  async function chooseFile(chosen: File | undefined): Promise<void> {
    setPreview(null);
    setResult(null);
    previewImport.reset();
    await picked.choose(chosen);
  }

  async function runPreview(): Promise<void> {
    if (!file) return;
    commitImport.reset();
    setIsDecreaseConfirmed(false);
    setShown(READING_PAGE_SIZE);
    setProgress(null);
    try {
      setPreview(await previewImport.mutateAsync({ file: toImportFileBody(file) }));
    } catch {
      setPreview(null);
    }
  }

  async function confirm(): Promise<void> {
    if (!file) return;
    setProgress(null);
    try {
      setResult(
        await commitImport.mutateAsync({
          file: toImportFileBody(file),
          confirmDecreases: isDecreaseConfirmed,
        }),
      );
      setPreview(null);
    } catch {
      // The message is shown from commitImport.error.
    }
  }

  return {
    file,
    fileError: picked.error,
    fileInput: picked.inputRef,
    chooseFile,
    progress,
    previewImport,
    commitImport,
    preview,
    runPreview,
    shown,
    showMore: () => setShown((current) => current + READING_PAGE_SIZE),
    isDecreaseConfirmed,
    setIsDecreaseConfirmed,
    ...getReadingCommitState(preview?.counts, isDecreaseConfirmed),
    confirm,
    result,
    reset,
  };
}

export type ReadingImport = ReturnType<typeof useReadingImport>;
