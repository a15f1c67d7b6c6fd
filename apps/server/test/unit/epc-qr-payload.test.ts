import { describe, expect, it } from "vitest";
import { buildEpcPayload } from "../../src/features/statement-documents/epc-qr-payload.ts";

describe("EPC QR payload (GiroCode, EPC069-12 version 002)", () => {
  it("writes the eleven lines of a SEPA credit transfer", () => {
    const payload = buildEpcPayload({
      name: "Erika Müller",
      iban: "de89 3704 0044 0532 0130 00",
      bic: "cobadeffxxx",
      amount: "359.03",
      purpose: "Nebenkostenabrechnung 2024 EG",
    });
    expect(payload.split("\n")).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      "Erika Müller",
      "DE89370400440532013000",
      "EUR359.03",
      "",
      "",
      "Nebenkostenabrechnung 2024 EG",
    ]);
  });

  it("leaves the BIC empty when none is known and cuts name and purpose to their field lengths", () => {
    const payload = buildEpcPayload({
      name: "N".repeat(80),
      iban: "DE89370400440532013000",
      bic: null,
      amount: "0.01",
      purpose: `Zweck\nmit Umbruch ${"x".repeat(200)}`,
    });
    const lines = payload.split("\n");
    expect(lines).toHaveLength(11);
    expect(lines[4]).toBe("");
    expect(lines[5]).toHaveLength(70);
    expect(lines[10]).toHaveLength(140);
    expect(lines[10]!.startsWith("Zweck mit Umbruch")).toBe(true);
    expect(Buffer.byteLength(payload, "utf8")).toBeLessThanOrEqual(331);
  });

  it("refuses amounts outside 0.01 to 999999999.99 or with more than two decimals", () => {
    for (const amount of ["0.00", "-5.00", "1000000000.00", "1.234", "abc", ""]) {
      expect(
        () => buildEpcPayload({ name: "A", iban: "DE89370400440532013000", amount, purpose: "x" }),
        amount,
      ).toThrow("Betrag für den GiroCode ungültig");
    }
  });
});
