import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, readJson, type TestContext } from "../support/test-app.ts";
import { TEST_DRIVERS } from "../support/test-database.ts";

// Decision 1081: JSON answers above 1 KB go out compressed as the client accepts.

function decode(body: Buffer, encoding: string | null): string {
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

describe.each(TEST_DRIVERS)("compressed answers (%s)", (driver) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(driver);
  });
  afterAll(async () => t?.close());

  it("sends a large JSON answer with brotli or gzip as accepted, the same JSON as uncompressed", async () => {
    const plain = await t.request("GET", "/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(10_000);
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plainText));

    for (const [accept, expected] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0.5, gzip", "gzip"],
      ["*", "br"],
    ] as const) {
      const response = await t.request("GET", "/api/openapi.json", {
        headers: { "accept-encoding": accept },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding"), accept).toBe(expected);
      const body = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("content-length"))).toBe(body.length);
      expect(body.length).toBeLessThan(plainText.length / 4);
      expect(JSON.parse(decode(body, expected))).toEqual(JSON.parse(plainText));
    }
    const refused = await t.request("GET", "/api/openapi.json", {
      headers: { "accept-encoding": "identity, br;q=0, gzip;q=0" },
    });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  it("compresses a signed-in list and keeps its headers, leaves answers under 1 KB alone", async () => {
    const { cookie } = await t.signUp();
    expect(
      (await t.request("POST", "/api/subscription/plan", { cookie, body: { plan: "enterprise" } }))
        .status,
    ).toBe(200);
    for (let i = 1; i <= 8; i++) {
      const created = await t.request("POST", "/api/properties", {
        cookie,
        body: {
          name: `Wohnanlage Lindenhof ${i}`,
          street: "Lindenstraße",
          houseNumber: String(i),
          postalCode: "33602",
          city: "Bielefeld",
          state: "Nordrhein-Westfalen",
          country: "Deutschland",
          propertyType: "Mehrfamilienhaus",
        },
      });
      expect(created.status).toBe(201);
    }
    const list = await t.request("GET", "/api/properties", {
      cookie,
      headers: { "accept-encoding": "br" },
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-encoding")).toBe("br");
    expect(list.headers.get("cache-control")).toBe("no-store");
    expect(list.headers.get("content-type")).toContain("application/json");
    expect(list.headers.get("x-request-id")).toBeTruthy();
    const properties = JSON.parse(decode(Buffer.from(await list.arrayBuffer()), "br")) as {
      name: string;
    }[];
    expect(properties.map((p) => p.name).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `Wohnanlage Lindenhof ${i + 1}`).sort(),
    );
    // A small answer (under 16 KB) with gzip too: the same JSON, and a length that matches the body.
    expect(Buffer.byteLength(JSON.stringify(properties))).toBeLessThan(16 * 1024);
    const gzipped = await t.request("GET", "/api/properties", {
      cookie,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const gzippedBody = Buffer.from(await gzipped.arrayBuffer());
    expect(Number(gzipped.headers.get("content-length"))).toBe(gzippedBody.length);
    expect(JSON.parse(decode(gzippedBody, "gzip"))).toEqual(properties);

    const health = await t.request("GET", "/api/health", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(health.headers.get("content-encoding")).toBeNull();
    expect(await readJson(health)).toMatchObject({ status: "ok" });
    // An error answer keeps its status and shape when compressed or not.
    const missing = await t.request("GET", "/api/properties/00000000-0000-4000-8000-000000000000", {
      cookie,
      headers: { "accept-encoding": "br" },
    });
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error.code).toBe("NOT_FOUND");
  });
});
