import { useEffect, useRef, useState } from "react";
import { LETTER_BATCH_MESSAGES, STATEMENT_DOCUMENT_MESSAGES, type LetterBatch } from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { apiGet, apiPost } from "../../../lib/api-client";
import { downloadPdf } from "./download-pdf";

// Issue 32 (decision 1084): "Alle Briefe (PDF)" starts a batch on the server, asks for its
// progress until it is done, then downloads the one PDF. The page stays usable meanwhile.

/** How often the progress is asked for. */
const POLL_MS = 700;

export function useLetterBatch() {
  const toast = useToast();
  const [batch, setBatch] = useState<LetterBatch | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isRunning, setIsRunning] = useState(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  async function waitUntilFinished(started: LetterBatch): Promise<LetterBatch> {
    let current = started;
    while (isMounted.current && (current.status === "queued" || current.status === "running")) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      current = await apiGet<LetterBatch>(`/api/letter-batches/${current.id}`);
      if (isMounted.current) setBatch(current);
    }
    return current;
  }

  /** The PDF of a finished batch (again). */
  async function download(done: LetterBatch): Promise<void> {
    await downloadPdf(
      `/api/letter-batches/${done.id}/pdf`,
      done.fileName ?? "Nebenkostenabrechnungen.pdf",
    );
    toast.success(STATEMENT_DOCUMENT_MESSAGES.downloadStarted);
  }

  async function start(runId: string): Promise<void> {
    setIsRunning(true);
    setError(null);
    setBatch(null);
    try {
      const started = await apiPost<LetterBatch>(`/api/statements/${runId}/letter-batches`);
      setBatch(started);
      const finished = await waitUntilFinished(started);
      if (!isMounted.current) return;
      if (finished.status === "failed")
        setError(new Error(finished.error ?? LETTER_BATCH_MESSAGES.failed));
      else if (finished.status === "done") await download(finished);
    } catch (caught) {
      if (isMounted.current) setError(caught);
    } finally {
      if (isMounted.current) setIsRunning(false);
    }
  }

  async function downloadAgain(): Promise<void> {
    if (!batch || batch.status !== "done") return;
    setError(null);
    try {
      await download(batch);
    } catch (caught) {
      setError(caught);
    }
  }

  return { batch, error, isRunning, start, downloadAgain };
}
