import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PDFDocument, PDFName } from "pdf-lib";
import { createPdfJoinWriter } from "../../src/features/statement-documents/pdf-join-writer.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";

// Decision 1610: the letters of a run are joined into a file written letter by letter. The file
// must read as the single letters do, in their order, page for page, with its own title.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-join-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8" });
}

async function letter(name: string, pages: number): Promise<Uint8Array> {
  const content = Array.from({ length: pages }, (_, page) => ({
    text: `Guten Tag ${name}, Seite ${page + 1}: Nachzahlung 12,34 € für Wohnung Weiß`,
    ...(page > 0 ? { pageBreak: "before" as const } : {}),
  }));
  return (await renderPdf({ content })).bytes;
}

describe("createPdfJoinWriter", () => {
  it("writes every page of every letter in order, with the letters' text and the file's title", async () => {
    const file = path.join(dir, "joined.pdf");
    const writer = await createPdfJoinWriter(file, {
      title: "Nebenkostenabrechnung 2025",
      author: "Hausverwaltung Müller",
      subject: "Gartenweg 7",
    });
    expect(await writer.add(await letter("Anna Alt", 2))).toBe(2);
    expect(await writer.add(await letter("Bernd Neu", 3))).toBe(5);
    expect(await writer.add(await letter("Maria Weiß", 1))).toBe(6);
    const result = await writer.finish();
    expect(result).toEqual({ pageCount: 6, byteLength: fs.statSync(file).size });

    const info = run("pdfinfo", [file]);
    expect(info).toMatch(/Pages:\s+6/);
    expect(info).toMatch(/Title:\s+Nebenkostenabrechnung 2025/);
    expect(info).toMatch(/Author:\s+Hausverwaltung Müller/);
    const pages = Array.from({ length: 6 }, (_, index) =>
      run("pdftotext", ["-f", String(index + 1), "-l", String(index + 1), file, "-"])
        .replace(/\s+/g, " ")
        .trim(),
    );
    expect(pages).toEqual([
      "Guten Tag Anna Alt, Seite 1: Nachzahlung 12,34 € für Wohnung Weiß",
      "Guten Tag Anna Alt, Seite 2: Nachzahlung 12,34 € für Wohnung Weiß",
      "Guten Tag Bernd Neu, Seite 1: Nachzahlung 12,34 € für Wohnung Weiß",
      "Guten Tag Bernd Neu, Seite 2: Nachzahlung 12,34 € für Wohnung Weiß",
      "Guten Tag Bernd Neu, Seite 3: Nachzahlung 12,34 € für Wohnung Weiß",
      "Guten Tag Maria Weiß, Seite 1: Nachzahlung 12,34 € für Wohnung Weiß",
    ]);
    // A strict reader finds every object through the cross-reference table.
    const reread = await PDFDocument.load(fs.readFileSync(file), {
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
    expect(reread.getPageCount()).toBe(6);
    expect(reread.getTitle()).toBe("Nebenkostenabrechnung 2025");
  });

  it("keeps what a page inherits from its letter's page tree", async () => {
    // A letter whose page size lies on its page tree, not on the page (as other programs write).
    const source = await PDFDocument.create();
    source.addPage([300, 400]);
    const pageTree = source.catalog.Pages();
    const page = source.getPage(0).node;
    const mediaBox = PDFName.of("MediaBox");
    pageTree.set(mediaBox, page.get(mediaBox)!);
    page.delete(mediaBox);
    const file = path.join(dir, "inherited.pdf");
    const writer = await createPdfJoinWriter(file, { title: "T", author: "A", subject: "S" });
    await writer.add(await source.save());
    await writer.finish();
    expect(run("pdfinfo", [file])).toMatch(/Page size:\s+300 x 400 pts/);
  });

  it("fails when the file cannot be written, without ending the process", async () => {
    await expect(
      createPdfJoinWriter(path.join(dir, "fehlt", "joined.pdf"), {
        title: "T",
        author: "A",
        subject: "S",
      }),
    ).rejects.toThrow(/ENOENT/);
  });

  it("closes the file when aborted, for the caller to remove", async () => {
    const file = path.join(dir, "aborted.pdf");
    const writer = await createPdfJoinWriter(file, { title: "T", author: "A", subject: "S" });
    await writer.add(await letter("Anna Alt", 1));
    await writer.abort();
    await writer.abort();
    fs.rmSync(file);
    expect(fs.existsSync(file)).toBe(false);
  });
});
