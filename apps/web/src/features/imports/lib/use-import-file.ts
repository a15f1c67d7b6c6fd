import { useRef, useState } from "react";
import { MAX_IMPORT_FILE_BYTES } from "@nk/contract";
import { formatFileSize, readFileBase64 } from "../../../lib/read-file-base64";

/** One file chosen for an import, read as base64 for the request body. */
export interface ImportFile {
  name: string;
  size: number;
  contentBase64: string;
}

/** The file as the import's request body carries it. */
export function toImportFileBody(file: ImportFile): { fileName: string; contentBase64: string } {
  return { fileName: file.name, contentBase64: file.contentBase64 };
}

/** The message for a file above MAX_IMPORT_FILE_BYTES, with the page's advice. */
function describeTooLargeFile(size: number, advice: string): string {
  return `Die Datei ist zu groß (${formatFileSize(size)}; höchstens 5 MB). ${advice}`;
}

/**
 * The file field of the bank and the reading import: the chosen file (refused above 5 MB with a
 * German message) and the input's ref, so that clearing also empties the browser's field.
 */
export function useImportFile(tooLargeAdvice: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(chosen: File | undefined): Promise<void> {
    setError(null);
    if (!chosen) return setFile(null);
    if (chosen.size > MAX_IMPORT_FILE_BYTES) {
      setFile(null);
      return setError(describeTooLargeFile(chosen.size, tooLargeAdvice));
    }
    setFile({ name: chosen.name, size: chosen.size, contentBase64: await readFileBase64(chosen) });
  }

  function clear(): void {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  return { file, error, inputRef, choose, clear };
}
