import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../../src/features/statement-documents/letter-document.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";
import { sampleLetterSource } from "../support/letter-fixture.ts";

// The text layer of a letter must read as it looks, however many documents the process made
// before (a screen reader, a search, a copy for the court use it).
describe("renderPdf", () => {
  it("keeps every letter's text readable after many documents in one process", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-pdf-"));
    try {
      const text =
        "Korrektur (Version 2): Diese Abrechnung ersetzt die Abrechnung vom 01.02.2026. Nachzahlung 1.234,56 € für 62,5 m² und CO₂.";
      for (let i = 0; i < 6; i += 1)
        await renderPdf({
          content: [{ text: `Brief ${i}: Heizung, Wasser ${"abc.".repeat(i)}`, bold: true }],
        });
      const { bytes, pageCount } = await renderPdf({ content: [{ text, bold: true }, { text }] });
      expect(pageCount).toBe(1);
      const file = path.join(dir, "brief.pdf");
      fs.writeFileSync(file, bytes);
      const extracted = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" })
        .replace(/\s+/g, " ")
        .trim();
      expect(extracted).toBe(`${text} ${text}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // Shaped words are shared by every document of the process (shared-font-layout.ts): a letter
  // made after others, from their cached words, must read exactly as when it was made first.
  it("reads the same when a letter is made first and when it is made from words other letters shaped", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-pdf-"));
    const textOf = async (id: string, correction: boolean) => {
      const source = sampleLetterSource(id);
      const model = {
        ...buildLetterModel(source),
        ...(correction ? { correction: { version: 2, replacesDate: "2025-02-01" } } : {}),
      };
      const { bytes } = await renderPdf(
        buildLettersDocument([{ model }], source.result.totalCosts),
      );
      const file = path.join(dir, `${id}-${Math.random().toString(36).slice(2)}.pdf`);
      fs.writeFileSync(file, bytes);
      return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    };
    try {
      const first = await textOf("weiss", true);
      for (const id of ["schulz", "oezdemir", "krueger", "schulz", "oezdemir", "krueger"])
        await textOf(id, false);
      const again = await textOf("weiss", true);
      expect(first).toContain("Korrektur (Version 2)");
      expect(again).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
