import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "../../lib/logger.ts";
import { SERVER_PACKAGE_DIR } from "../../lib/server-package-dir.ts";
import { measureDuration, observePdf } from "../../metrics/observe-durations.ts";
import { buildLettersDocument, type LetterRun } from "./letter-document.ts";
import { renderPdf, type RenderedPdf } from "./pdf-renderer.ts";
import { reviveError, type RenderReply, type RenderRequest } from "./letter-render-protocol.ts";

// Rendering a letter is CPU work (layout, fonts, compression) that blocks the thread it runs on.
// The letters of a whole run (all letters in one PDF, 'Alle per E-Mail senden') are rendered by a
// small pool of worker threads, so a run of many tenancies uses every core it may and the event
// loop keeps answering other requests meanwhile (decision 0604). Models are built on the main
// thread (plain data); a worker only lays out and renders.

/** Renders one PDF of one or more letters (one letter: pdfmake's own page count). */
export interface LetterRenderer {
  renderLetters(runs: LetterRun[], propertyTotal: string): Promise<RenderedPdf>;
  /** Lets running renders finish (at most `graceMs`), refuses new ones, ends the threads. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Renders on the calling thread: single letters on request, and LETTER_RENDER_WORKERS=0. Every
 * rendered PDF is timed into nk_pdf_generation_duration_seconds (docs/operations.md), here and in
 * the pool (the pool times on the main thread: a worker's metrics would stay in the worker).
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
 * Starts one worker: the server build's `dist/letter-render-worker.js`, or, running from the
 * TypeScript source, letter-render-worker-source.mjs (which registers tsx in the thread).
 */
function startWorker(): Worker {
  const here = fileURLToPath(import.meta.url);
  const options = { resourceLimits: LETTER_THREAD_HEAP };
  if (!here.endsWith(".ts"))
    return new Worker(path.join(SERVER_PACKAGE_DIR, "dist", "letter-render-worker.js"), options);
  return new Worker(path.join(path.dirname(here), "letter-render-worker-source.mjs"), options);
}

interface Task {
  request: RenderRequest;
  /** When a thread took it (performance.now()): the render time, without the wait in the queue. */
  startedAt?: number;
  resolve(pdf: RenderedPdf): void;
  reject(error: Error): void;
}

interface PoolThread {
  worker: Worker;
  task: Task | null;
}

export class LetterPoolClosed extends Error {
  constructor() {
    super("Der Server wird beendet; die Briefe werden nicht mehr erstellt.");
  }
}

/**
 * A pool of `size` worker threads, started on first use (a server that never renders a run keeps
 * none) and kept until `close()`. Tasks wait in order for a free thread. A thread that dies
 * fails its task with the error and is replaced by the next task.
 */
export function createLetterRenderPool({
  size,
  logger,
}: {
  size: number;
  logger: Logger;
}): LetterRenderer {
  if (size < 1) return inProcessRenderer;
  const threads: PoolThread[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closing = false;
  let drained: (() => void) | null = null;

  const busy = () => threads.some((t) => t.task) || queue.length > 0;

  function finish(thread: PoolThread) {
    thread.task = null;
    dispatch();
    if (drained && !busy()) drained();
  }

  function spawn(): PoolThread {
    const thread: PoolThread = { worker: startWorker(), task: null };
    thread.worker.on("message", (reply: RenderReply) => {
      const task = thread.task;
      if (!task || task.request.id !== reply.id) return;
      if (reply.ok) observePdf(performance.now() - (task.startedAt ?? performance.now()));
      if (reply.ok)
        task.resolve({
          bytes: Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength),
          pageCount: reply.pageCount,
        });
      else task.reject(reviveError(reply.error));
      finish(thread);
    });
    // A crash (out of memory, a bug in a library) ends the thread: its task fails with the error,
    // the thread leaves the pool, and the next task starts a new one.
    const lost = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index < 0) return;
      threads.splice(index, 1);
      if (!closing) logger.error("letters.worker_failed", { message: error.message });
      thread.task?.reject(error);
      finish(thread);
    };
    thread.worker.on("error", lost);
    thread.worker.on("exit", (code) =>
      lost(new Error(`Der Brief-Worker wurde beendet (Code ${code}).`)),
    );
    threads.push(thread);
    return thread;
  }

  function dispatch() {
    while (queue.length > 0) {
      const thread =
        threads.find((t) => !t.task) ?? (threads.length < size && !closing ? spawn() : null);
      if (!thread) return;
      const task = queue.shift()!;
      thread.task = task;
      task.startedAt = performance.now();
      thread.worker.postMessage(task.request);
    }
  }

  return {
    renderLetters(runs, propertyTotal) {
      if (closing) return Promise.reject(new LetterPoolClosed());
      return new Promise<RenderedPdf>((resolve, reject) => {
        queue.push({ request: { id: nextId++, runs, propertyTotal }, resolve, reject });
        dispatch();
      });
    },
    async close(graceMs = 10_000) {
      closing = true;
      if (busy()) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timer);
      }
      for (const task of queue.splice(0)) task.reject(new LetterPoolClosed());
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}
