import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { Piscina } from "piscina";
import type { Logger } from "../../lib/logger.ts";
import { SERVER_PACKAGE_DIR } from "../../lib/server-package-dir.ts";
import { measureDuration, observePdf } from "../../metrics/observe-durations.ts";
import { buildLettersDocument, type LetterRun } from "./letter-document.ts";
import { renderPdf, type RenderedPdf } from "./pdf-renderer.ts";
import { reviveError, type RenderReply, type RenderRequest } from "./letter-render-protocol.ts";

// Rendering a letter is CPU work (layout, fonts, compression) that blocks the thread it runs on.
// The letters of a whole run (all letters in one PDF, 'Alle per E-Mail senden') are rendered by a
// small pool of worker threads, so a run of many tenancies uses every core it may and the event
// loop keeps answering other requests meanwhile (decision 0604). The pool is piscina's (decision
// 1710). Models are built on the main thread (plain data); a thread only lays out and renders.

/** Renders one PDF of one or more letters (one letter: pdfmake's own page count). */
export interface LetterRenderer {
  renderLetters(runs: LetterRun[], propertyTotal: string): Promise<RenderedPdf>;
  /** Lets running renders finish (at most `graceMs`), refuses new ones, ends the threads. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Renders on the calling thread: single letters on request, and LETTER_RENDER_WORKERS=0. Every
 * rendered PDF is timed into nk_pdf_generation_duration_seconds (docs/operations.md), here and in
 * the pool (a thread measures its render and the main thread records it: a thread's metrics would
 * stay in the thread).
 */
export const inProcessRenderer: LetterRenderer = {
  renderLetters: (runs, propertyTotal) =>
    measureDuration(observePdf, () => renderPdf(buildLettersDocument(runs, propertyTotal))),
  close: async () => {},
};

/**
 * A letter thread's heap, in MiB (decision 1610). A thread rendering letter after letter keeps
 * about 60-90 MiB alive (pdfmake, fonts, the shared words); without limits V8 sizes the heap from
 * the machine's memory and lets each thread grow to 350-400 MiB of mostly garbage. An old
 * generation of 192 MiB keeps a thread near 240 MiB. The young generation is set as well: with an
 * old-generation limit alone V8 also shrinks the young one, and the collector then cost about 20 %
 * more CPU per letter; with 48 MiB (V8's 16 MiB semi-spaces) it is about 5-10 % (bench letters,
 * one thread; 96 MiB of old generation made the collector run all the time).
 */
const LETTER_THREAD_HEAP = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 48 };

/**
 * The task file of the threads: the server build's `dist/letter-render-worker.js`, or, running
 * from the TypeScript source, letter-render-worker-source.mjs (which registers tsx in the thread).
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith(".ts"))
    return path.join(SERVER_PACKAGE_DIR, "dist", "letter-render-worker.js");
  return path.join(path.dirname(here), "letter-render-worker-source.mjs");
}

export class LetterPoolClosed extends Error {
  constructor() {
    super("Der Server wird beendet; die Briefe werden nicht mehr erstellt.");
  }
}

/** The pool of threads (size 1 or more): a renderer, and its live threads (tests end one). */
export interface LetterRenderPool extends LetterRenderer {
  readonly threads: readonly Worker[];
}

/**
 * The letter renderer of the server: `size` threads (LETTER_RENDER_WORKERS), 0 renders on the
 * calling thread.
 */
export function createLetterRenderPool(options: { size: number; logger: Logger }): LetterRenderer {
  return options.size < 1 ? inProcessRenderer : createLetterThreadPool(options);
}

/**
 * A piscina pool of `size` threads, started on first use (a server that never renders a run
 * keeps none) and kept until `close()` (their word caches stay warm). Tasks wait in order for a
 * free thread. A thread that dies fails its task with the error and leaves the pool; piscina
 * starts a new one for the next task.
 */
export function createLetterThreadPool({
  size,
  logger,
  file = workerFile(),
}: {
  size: number;
  logger: Logger;
  /** The threads' task file; the server's own unless a test gives one that cannot start. */
  file?: string;
}): LetterRenderPool {
  const piscina = new Piscina<RenderRequest, RenderReply>({
    filename: file,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: Infinity,
    resourceLimits: LETTER_THREAD_HEAP,
  });
  const pending = new Set<{ done: Promise<unknown>; abort: AbortController }>();
  let closing = false;

  const lostThread = (error: Error) =>
    new Error(`Der Brief-Worker ist ausgefallen: ${error.message}`, { cause: error });

  // A thread that fails with no task of its own (piscina has nothing to reject) is reported as
  // the pool's 'error' event, which must have a listener. If it was the last thread, it died
  // while starting (a missing or broken worker file): the tasks waiting for it would wait for
  // good, so they fail with the error instead.
  piscina.on("error", (error: Error) => {
    if (closing) return;
    logger.error("letters.worker_failed", { message: error.message });
    if (piscina.threads.length > 0) return;
    for (const task of pending) task.abort.abort(lostThread(error));
  });

  async function render(request: RenderRequest): Promise<RenderedPdf> {
    const abort = new AbortController();
    let reply: RenderReply;
    const done = piscina.run(request, { signal: abort.signal });
    const task = { done, abort };
    pending.add(task);
    try {
      reply = await done;
    } catch (error) {
      if (closing) throw new LetterPoolClosed();
      if (abort.signal.aborted) throw abort.signal.reason as Error;
      // The task never throws in the thread (letter-render-worker.ts): the thread was lost.
      logger.error("letters.worker_failed", { message: (error as Error).message });
      throw lostThread(error as Error);
    } finally {
      pending.delete(task);
    }
    if (!reply.ok) throw reviveError(reply.error);
    observePdf(reply.renderMs);
    return {
      bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength),
      pageCount: reply.pageCount,
    };
  }

  return {
    get threads() {
      return piscina.threads;
    },
    renderLetters(runs, propertyTotal) {
      if (closing) return Promise.reject(new LetterPoolClosed());
      return render({ runs, propertyTotal });
    },
    async close(graceMs = 10_000) {
      closing = true;
      if (pending.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...pending].map((task) => task.done)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
      }
      // Refuses what still waits (LetterPoolClosed) and ends the threads.
      await piscina.destroy();
    },
  };
}
