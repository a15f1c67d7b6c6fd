import { describe, expect, it } from "vitest";
import { packJson, unpackJson } from "../../src/db/packed-json.ts";

// Decision 1860: a saved run's documents are stored packed; runs saved before stay plain JSON text.

describe("packed JSON (db/packed-json.ts)", () => {
  it("gives back the value it packed, German text and decimal strings unchanged", async () => {
    const value = {
      tenancies: [{ name: "Jürgen Krüger", total: "1234.56", share: "0.123456" }],
      warnings: ["Leerstand: WE 3 (01.03.–31.05.)"],
      empty: null,
    };
    const packed = packJson(JSON.stringify(value));
    expect(packed.startsWith("gzip-base64:")).toBe(true);
    expect(await unpackJson(packed)).toEqual(value);
  });

  it("reads plain JSON text as stored before it, and null as null", async () => {
    expect(await unpackJson('{"costGroupId": "kept"}')).toEqual({ costGroupId: "kept" });
    expect(await unpackJson("[]")).toEqual([]);
    expect(await unpackJson(null)).toBeNull();
  });

  it("stores a run-sized document in a fraction of its JSON", () => {
    const json = JSON.stringify(
      Array.from({ length: 20_000 }, (_, index) => ({
        tenancyId: `t-${index}`,
        unitId: `u-${index % 5000}`,
        total: `${(index * 137) % 100000}.${String(index % 100).padStart(2, "0")}`,
      })),
    );
    expect(packJson(json).length).toBeLessThan(json.length / 4);
  });

  it("refuses a damaged packed document instead of reading something else", async () => {
    const packed = packJson(JSON.stringify({ total: "1234.56" }));
    await expect(unpackJson(packed.slice(0, -8))).rejects.toThrow();
  });
});
