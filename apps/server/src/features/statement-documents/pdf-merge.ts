import { PDFDocument } from "pdf-lib";

// Issue 32 (decision 1084): the letters of a run in one file are the single letters, each made
// alone (its own page numbers, its own layout), joined page by page. Laying out one document of
// a thousand letters spent most of its time in pdfmake's page breaking and grew with the square
// of the letters; joining finished PDFs grows with their number. pdf-lib reads and writes in
// steps of a few objects and gives the event loop back in between (its `objectsPerTick`), so a
// long join does not stop the server from answering.

/** Objects read or written before the event loop gets a turn (pdf-lib's default is 50 and 100). */
const OBJECTS_PER_TICK = 200;

export interface PdfMerger {
  /** Appends every page of `pdf`; returns the page count so far. */
  add(pdf: Uint8Array): Promise<number>;
  /** The joined file. */
  save(): Promise<{ bytes: Buffer; pageCount: number }>;
}

export async function createPdfMerger(info: { title: string; author: string; subject: string }): Promise<PdfMerger> {
  const merged = await PDFDocument.create({ updateMetadata: false });
  merged.setTitle(info.title);
  merged.setAuthor(info.author);
  merged.setSubject(info.subject);
  merged.setProducer("Nebenkosten (pdfmake, pdf-lib)");
  merged.setLanguage("de-DE");
  return {
    async add(pdf) {
      const source = await PDFDocument.load(pdf, { parseSpeed: OBJECTS_PER_TICK, updateMetadata: false });
      const pages = await merged.copyPages(source, source.getPageIndices());
      for (const page of pages) merged.addPage(page);
      return merged.getPageCount();
    },
    async save() {
      const bytes = await merged.save({ objectsPerTick: OBJECTS_PER_TICK, addDefaultPage: false, useObjectStreams: false });
      return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), pageCount: merged.getPageCount() };
    },
  };
}
