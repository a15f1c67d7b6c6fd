import { describe, expect, it } from "vitest";
import { fileNameFromDisposition } from "../src/lib/download-file";

// The name a downloaded letter is saved under comes from the server's Content-Disposition.
describe("fileNameFromDisposition", () => {
  it("prefers the UTF-8 name (RFC 6266) over the ASCII one", () => {
    const header = `attachment; filename="Nebenkostenabrechnung_2025_EG.pdf"; filename*=UTF-8''Nebenkostenabrechnung_2025_EG_Juergen_Krueger.pdf`;
    expect(fileNameFromDisposition(header, "x.pdf")).toBe(
      "Nebenkostenabrechnung_2025_EG_Juergen_Krueger.pdf",
    );
  });

  it("decodes percent escapes and falls back to the plain name or the default", () => {
    expect(
      fileNameFromDisposition("attachment; filename*=UTF-8''Gesamtabrechnung%202025.pdf", "x.pdf"),
    ).toBe("Gesamtabrechnung 2025.pdf");
    expect(fileNameFromDisposition('attachment; filename="Brief.pdf"', "x.pdf")).toBe("Brief.pdf");
    expect(
      fileNameFromDisposition(
        "attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=\"Brief.pdf\"",
        "x.pdf",
      ),
    ).toBe("Brief.pdf");
    expect(fileNameFromDisposition(null, "Nebenkostenabrechnung.pdf")).toBe(
      "Nebenkostenabrechnung.pdf",
    );
  });
});
