import { describe, expect, it } from "vitest";
import { pdfFileName } from "../../src/features/statement-documents/snapshot-letter-source.ts";

// Download and attachment names are ASCII: German letters written out, nothing else lost.
describe("pdfFileName", () => {
  it("writes umlauts and ß out and joins the parts with '_'", () => {
    expect(pdfFileName(["Nebenkostenabrechnung", "2025", "EG links", "Jürgen Krüger"])).toBe(
      "Nebenkostenabrechnung_2025_EG_links_Juergen_Krueger.pdf",
    );
    expect(pdfFileName(["Gesamtabrechnung", "2025", "Große Öde Straße 3"])).toBe(
      "Gesamtabrechnung_2025_Grosse_Oede_Strasse_3.pdf",
    );
  });

  it("drops other accents and replaces signs", () => {
    expect(pdfFileName(["Nebenkostenabrechnung", "01.01.2025 – 31.12.2025", "Çelik/Şahin"])).toBe(
      "Nebenkostenabrechnung_01.01.2025_31.12.2025_Celik_Sahin.pdf",
    );
  });
});
