import { move, transferableSymbol, valueSymbol } from "piscina";
import { buildLettersDocument } from "./letter-document.ts";
import { renderPdf } from "./pdf-renderer.ts";
import { serializeError, type RenderReply, type RenderRequest } from "./letter-render-protocol.ts";

// One thread of the letter pool (letter-render-pool.ts, piscina): lays out and renders letter
// models that the main thread built. Its own font and word caches warm up with its first letters.

/**
 * The task piscina calls in the thread. It never throws: a definition that fails to build fails
 * this letter (answered as `{ ok: false }`), not the thread, so a rejected task on the main thread
 * always means a lost thread.
 */
export default async function renderLetterTask(request: RenderRequest) {
  const started = performance.now();
  try {
    const pdf = await renderPdf(buildLettersDocument(request.runs, request.propertyTotal));
    // The PDF's bytes are moved, not copied; a buffer that shares memory is copied first.
    const whole =
      pdf.bytes.byteOffset === 0 && pdf.bytes.byteLength === pdf.bytes.buffer.byteLength;
    const bytes = whole
      ? new Uint8Array(pdf.bytes.buffer, 0, pdf.bytes.byteLength)
      : new Uint8Array(pdf.bytes);
    const reply: RenderReply = {
      ok: true,
      bytes,
      pageCount: pdf.pageCount,
      renderMs: performance.now() - started,
    };
    return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: reply });
  } catch (error) {
    const reply: RenderReply = { ok: false, error: serializeError(error) };
    return reply;
  }
}
