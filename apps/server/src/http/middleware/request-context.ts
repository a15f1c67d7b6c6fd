import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../lib/logger.ts";
import type { AppEnv } from "../app-env.ts";
import { setAnswerHeader } from "./answer-headers.ts";

const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request id on every request (taken from X-Request-Id when sane), a child logger, one access log line. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("logger", log);
    const started = performance.now();
    await next();
    setAnswerHeader(c, "X-Request-Id", requestId);
    if (c.req.path.startsWith("/api/")) {
      log.info("request", {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round(performance.now() - started),
      });
    }
  };
}
