import { useState } from "react";
import { STATEMENT_DOCUMENT_MESSAGES } from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { downloadPdf } from "./download-pdf";

/**
 * One PDF download at a time: which button is busy (its key), the last error, and the toast
 * 'PDF-Download gestartet' (part 2, section 8) once the browser has the file.
 */
export function usePdfDownload() {
  const toast = useToast();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function download(key: string, path: string, fallbackName: string, jsonBody?: unknown): Promise<void> {
    setBusyKey(key);
    setError(null);
    try {
      await downloadPdf(path, fallbackName, jsonBody);
      toast.success(STATEMENT_DOCUMENT_MESSAGES.downloadStarted);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusyKey(null);
    }
  }

  return { busyKey, error, download, setError, clearError: () => setError(null) };
}
