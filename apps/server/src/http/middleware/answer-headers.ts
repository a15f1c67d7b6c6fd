import type { Context } from "hono";

/**
 * Sets a header of the answer a middleware finds after `next()`, on the answer itself (issue 32,
 * decision 1831). Hono's `c.header()` copies a finished answer for every header it sets, and the
 * copy, under @hono/node-server, builds the full web Response and turns its body into a stream
 * that the adapter then reads back chunk by chunk: nine such copies per API answer were a
 * good part of the HTTP layer's CPU. Answers whose headers are immutable (a Response from
 * `fetch`, `Response.redirect`) still go through `c.header()`.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  if (!c.finalized) {
    c.header(name, value);
    return;
  }
  try {
    c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    c.header(name, value);
  }
}
