import { useRef, useState } from "react";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { downloadPdf } from "./download-pdf";

/**
 * One PDF download at a time: which button is busy (its key), the last error, and the toast
 * 'PDF-Download gestartet' (docs/rules/statements.md#statement-messages) once the browser has the file.
 */
export function usePdfDownload() {
  const toast = useToast();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lastToast = useRef<number | null>(null);

  async function download(
    key: string,
    path: string,
    fallbackName: string,
    jsonBody?: unknown,
  ): Promise<void> {
    setBusyKey(key);
    setError(null);
    try {
      await downloadPdf(path, fallbackName, jsonBody);
      lastToast.current = toast.success(STATEMENT_DOCUMENT_MESSAGES.downloadStarted);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusyKey(null);
    }
  }

  /** A dialog about to open takes the bottom of a phone's screen: the toast must not cover its buttons. */
  function dismissToast(): void {
    if (lastToast.current !== null) toast.dismiss(lastToast.current);
    lastToast.current = null;
  }

  return { busyKey, error, download, setError, clearError: () => setError(null), dismissToast };
}
