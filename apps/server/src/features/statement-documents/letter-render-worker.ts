import { parentPort } from "node:worker_threads";
import { buildLettersDocument } from "./letter-document.ts";
import { renderPdf } from "./pdf-renderer.ts";
import { serializeError, type RenderReply, type RenderRequest } from "./letter-render-protocol.ts";

// One worker thread of the letter pool (letter-render-pool.ts): lays out and renders letter
// models that the main thread built. Its own font and word caches warm up with its first letters.

if (!parentPort) throw new Error("letter-render-worker.ts läuft nur als Worker-Thread.");
const port = parentPort;

port.on("message", (request: RenderRequest) => {
  // Inside the promise: a definition that fails to build fails this letter, not the thread.
  Promise.resolve()
    .then(() => renderPdf(buildLettersDocument(request.runs, request.propertyTotal)))
    .then(
      (pdf) => {
        // The PDF's bytes are moved, not copied; a buffer that shares memory is copied first.
        const whole =
          pdf.bytes.byteOffset === 0 && pdf.bytes.byteLength === pdf.bytes.buffer.byteLength;
        const bytes = whole
          ? new Uint8Array(pdf.bytes.buffer, 0, pdf.bytes.byteLength)
          : new Uint8Array(pdf.bytes);
        const reply: RenderReply = { id: request.id, ok: true, bytes, pageCount: pdf.pageCount };
        port.postMessage(reply, [bytes.buffer as ArrayBuffer]);
      },
      (error: unknown) => {
        const reply: RenderReply = { id: request.id, ok: false, error: serializeError(error) };
        port.postMessage(reply);
      },
    );
});
