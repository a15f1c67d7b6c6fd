import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressAnswers } from "../../src/http/middleware/compress-answers.ts";
import { mountStaticWeb } from "../../src/http/static-web.ts";

// Decision 1081: the build writes .br and .gz next to each file; the server sends those.

describe("the built web app's files", () => {
  let distDir: string;
  let app: Hono;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"Zeile ${i}"`).join(",")}];\n`;
  const html = `<!doctype html><html lang="de"><head><title>Nebenkosten</title></head><body>${"<p>Abrechnung</p>".repeat(100)}</body></html>`;

  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-static-web-"));
    fs.mkdirSync(path.join(distDir, "assets"));
    const asset = path.join(distDir, "assets", "index-AbCd1234.js");
    fs.writeFileSync(asset, script);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(distDir, "assets", "tiny-AbCd1234.js"), "export {};\n");
    fs.writeFileSync(path.join(distDir, "sw.js"), script);
    fs.writeFileSync(path.join(distDir, "sw.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(distDir, "index.html"), html);
    app = new Hono();
    app.use("*", compressAnswers());
    mountStaticWeb(app, distDir);
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it("sends a hashed file as the build compressed it, cached for a year", async () => {
    const br = await app.request("/assets/index-AbCd1234.js", {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await app.request("/assets/index-AbCd1234.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request("/assets/index-AbCd1234.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(script);

    const tiny = await app.request("/assets/tiny-AbCd1234.js", {
      headers: { "accept-encoding": "br" },
    });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("export {};\n");
  });

  it("has the service worker checked on every visit, compressed or not", async () => {
    const br = await app.request("/sw.js", { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe("no-cache");
    const plain = await app.request("/sw.js");
    expect(plain.headers.get("cache-control")).toBe("no-cache");
  });

  it("compresses index.html for a page of the app, which is never cached", async () => {
    const page = await app.request("/dashboard/statements/new", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(zlib.gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(html);
  });
});
