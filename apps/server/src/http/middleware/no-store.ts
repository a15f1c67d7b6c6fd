import type { MiddlewareHandler } from "hono";
import { setAnswerHeader } from "./answer-headers.ts";

/** API answers hold personal data: no browser or proxy cache keeps them (issue 15, ASVS 8.2.1). */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setAnswerHeader(c, "Cache-Control", "no-store");
  };
}
