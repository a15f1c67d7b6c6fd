import { importStreamLineSchema, type ImportProgress } from "@nk/contract";
import { ApiError, createApiError } from "./api-error";

export const STREAM_CUT_MESSAGE =
  "Die Verbindung wurde unterbrochen, bevor das Ergebnis ankam. Bitte prüfen Sie die Datei erneut: Bereits Importiertes wird erkannt und nicht doppelt gespeichert.";

// The streamed answer of an import route (decision 1700): lines of JSON, progress first, then
// the result or the error. Progress goes to `onProgress`; the result resolves, the error rejects
// with the ApiError the plain answer would have given.

export async function readImportStream<T>(
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: ImportProgress) => void,
): Promise<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const handle = (text: string): { done: true; value: T } | null => {
    if (text.trim() === "") return null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = importStreamLineSchema.safeParse(json);
    if (!parsed.success) return null;
    const line = parsed.data;
    if (line.type === "progress") {
      onProgress(line.progress);
      return null;
    }
    if (line.type === "error") throw createApiError(line.status, line.body);
    return { done: true, value: line.result as T };
  };
  for (;;) {
    const { value, done } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const outcome = handle(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      if (outcome) {
        await reader.cancel().catch(() => {});
        return outcome.value;
      }
      newline = buffered.indexOf("\n");
    }
    if (done) break;
  }
  const last = handle(buffered);
  if (last) return last.value;
  // The connection ended without a result: the server's outcome is unknown to this page.
  throw new ApiError({ status: 0, code: "NETWORK", message: STREAM_CUT_MESSAGE });
}
