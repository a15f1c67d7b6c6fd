import type { Context } from "hono";
import {
  IMPORT_PROGRESS_CONTENT_TYPE,
  type ErrorBody,
  type ImportProgress,
  type ImportStreamLine,
} from "@nk/contract";
import type { AppEnv } from "./app-env.ts";
import { DomainError } from "../domain/domain-errors.ts";
import { toErrorAnswer } from "./domain-error-response.ts";
import { handleError } from "./error-handler.ts";

// The answer of an import route (issue 28, decision 1700). A client that accepts
// application/x-ndjson gets lines of JSON as the work goes on: `progress` lines while the file is
// read, checked and saved, then one `result` line (the body the plain answer would have) or one
// `error` line (its status and the one error shape). The status line of such an answer is 200:
// the outcome is known only at the end. Any other client gets the plain JSON answer, as before.

export type ProgressReporter = (progress: ImportProgress) => Promise<void>;

function acceptsProgress(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").toLowerCase().includes(IMPORT_PROGRESS_CONTENT_TYPE);
}

async function toErrorLine(c: Context<AppEnv>, error: unknown): Promise<ImportStreamLine> {
  const errorId = c.get("requestId");
  if (error instanceof DomainError) {
    const answer = toErrorAnswer(error);
    return {
      type: "error",
      status: answer.status,
      body: { error: { ...answer.body.error, errorId } },
    };
  }
  // Anything else goes through the error handler: it logs what it must and answers in German.
  const answer = handleError(error instanceof Error ? error : new Error(String(error)), c);
  const body = (await answer.json()) as ErrorBody;
  return { type: "error", status: answer.status, body: { error: { ...body.error, errorId } } };
}

/**
 * `asJson` makes the plain answer (the route's typed `c.json(result, 200)`); the streamed answer
 * stands in for it in the route's type, and the OpenAPI document names both content types.
 */
export async function answerImport<T, R extends Response>(
  c: Context<AppEnv>,
  run: (report: ProgressReporter) => Promise<T>,
  asJson: (result: T) => R,
): Promise<R> {
  if (!acceptsProgress(c)) return asJson(await run(async () => {}));
  const encoder = new TextEncoder();
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  // A client that went away must not stop the work (the transaction decides what is saved), so
  // writes are not awaited and their failures are dropped.
  const send = (line: ImportStreamLine) =>
    void writer.write(encoder.encode(`${JSON.stringify(line)}\n`)).catch(() => {});
  const work = (async () => {
    try {
      const result = await run(async (progress) => {
        send({ type: "progress", progress });
        // Lets the server send the line before the next step of the work.
        await new Promise<void>((resolve) => setImmediate(resolve));
      });
      send({ type: "result", result });
    } catch (error) {
      send(await toErrorLine(c, error));
    } finally {
      await writer.close().catch(() => {});
    }
  })();
  void work;
  const streamed = new Response(readable, {
    status: 200,
    headers: {
      "content-type": `${IMPORT_PROGRESS_CONTENT_TYPE}; charset=utf-8`,
      "cache-control": "no-store",
    },
  });
  return streamed as R;
}
