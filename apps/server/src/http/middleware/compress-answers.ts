import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";

// Answers the server computes (JSON of the API, the app's index.html) go out compressed when
// they are larger than 1 KB and the client accepts it (issue 32, decision 1081): a 5,000-unit
// preview is 29 MB of JSON. The web app's files are compressed at build time and served as
// such (static-web.ts); they arrive here with Content-Encoding already set and pass untouched.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:json|[\w.+-]+\+json|javascript|xml)|text\/[\w.+-]+|image\/svg\+xml)\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const COMPRESSION_THRESHOLD_BYTES = 1024;
// Brotli at quality 4 compresses JSON smaller than gzip at level 6 and faster; the highest
// qualities are for files compressed once at build time, not for each answer.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

type AnswerEncoding = "br" | "gzip";

/** The encoding to use for an Accept-Encoding header: brotli before gzip, none if neither is accepted. */
function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  if (weightOf("br") > 0 && weightOf("br") >= weightOf("gzip")) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return null;
}

async function compressBody(body: Uint8Array | string, encoding: AnswerEncoding): Promise<Buffer> {
  // zlib's asynchronous functions run on libuv's thread pool: the event loop stays free while a
  // large answer is compressed.
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  }
  return gzip(body, { level: GZIP_LEVEL });
}

function appendVary(headers: Headers): void {
  const vary = headers.get("vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * The JSON text of each answer made with `c.json`, kept beside the answer: reading it back from
 * the Response (`body`, `arrayBuffer()`) makes @hono/node-server build the full web Response
 * with a stream for a text it already holds (issue 32, decision 1831).
 */
const jsonTexts = new WeakMap<Response, string>();

/** `c.json` as Hono has it, except that the answer's text is remembered for compression. */
function rememberJsonTexts(c: Context): void {
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => {
    const text = JSON.stringify(object);
    // As Hono's own c.json: the JSON content type unless the headers name another.
    const answer = c.body(text, arg as never, { "Content-Type": "application/json", ...headers });
    jsonTexts.set(answer, text);
    return answer;
  }) as unknown as Context["json"];
}

type HeaderRecord = Record<string, string | string[]>;

/** Compresses text answers above 1 KB with brotli or gzip, as the client accepts. */
export function compressAnswers(thresholdBytes = COMPRESSION_THRESHOLD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    rememberJsonTexts(c);
    await next();
    const res = c.res;
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      !COMPRESSIBLE_TYPE.test(res.headers.get("content-type") ?? "")
    )
      return;
    if (NO_TRANSFORM.test(res.headers.get("cache-control") ?? "")) return;
    const declaredLength = res.headers.get("content-length");
    if (declaredLength !== null && Number(declaredLength) < thresholdBytes) return;
    const text = jsonTexts.get(res);
    if (text === undefined && !res.body) return;
    // A JSON answer's headers are its own; any other answer's are copied (they may be immutable).
    const headers = text === undefined ? new Headers(res.headers) : res.headers;
    // The answer depends on the request's Accept-Encoding from here on, whatever this client sent.
    appendVary(headers);
    const encoding = chooseEncoding(c.req.header("accept-encoding"));
    let body: Uint8Array | string = text ?? new Uint8Array(await res.arrayBuffer());
    const length = typeof body === "string" ? Buffer.byteLength(body) : body.length;
    if (!encoding || length < thresholdBytes) {
      // Not compressed: the answer stays as it is, with its length (its headers are its own).
      headers.set("content-length", String(length));
      if (text !== undefined) return;
    } else {
      body = await compressBody(body, encoding);
      headers.set("content-encoding", encoding);
      headers.set("content-length", String(body.length));
    }
    // Hono copies the previous answer's headers onto a new one; cleared first, the new one's stand.
    c.res = undefined;
    // zlib's buffers are backed by a plain ArrayBuffer (never shared memory).
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers });
  };
}
