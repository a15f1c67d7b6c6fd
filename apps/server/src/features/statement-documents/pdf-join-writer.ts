import fs from "node:fs";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFObject,
} from "pdf-lib";

// Issue 32 (decision 1610): the letters of a run joined into one file that is written while the
// letters come, not held in memory. pdf-lib's own merge (decision 1084) kept every copied page,
// font and content stream of the whole run as objects until the end (about 0.4 MiB per letter,
// 1,000 letters grew the process by 0.75 GiB) and then built the file in one buffer. Here each
// letter is read with pdf-lib, the objects its pages use are numbered on from the file's last
// number and written out at once; the letter is then dropped. What stays per letter is one
// offset per object (for the cross-reference table) and one reference per page (for the page
// tree written at the end). The bytes of content streams and fonts are copied unchanged.

/** Objects parsed before the event loop gets a turn (pdf-lib's default is 100). */
const OBJECTS_PER_TICK = 200;
/** Page entries inherited from the page tree: written into each page, whose tree is replaced (PDF 1.7, 7.7.3.4). */
const INHERITABLE = ["Resources", "MediaBox", "CropBox", "Rotate"].map((name) => PDFName.of(name));
const PARENT = PDFName.of("Parent");
// The file's own objects: the catalog, the page tree and the document information.
const CATALOG = 1;
const PAGES = 2;
const INFO = 3;

export interface PdfJoinWriter {
  /** Appends every page of `pdf` (a whole PDF file); returns the pages written so far. */
  add(pdf: Uint8Array): Promise<number>;
  /** Writes the page tree, the cross-reference table and the trailer, and closes the file. */
  finish(): Promise<{ pageCount: number; byteLength: number }>;
  /** Closes the file unfinished (the caller removes it). */
  abort(): Promise<void>;
}

/** A PDF object as file syntax; references are renumbered by `numberOf`. Latin-1: one char per byte. */
function serialize(object: PDFObject, numberOf: (ref: PDFRef) => number | undefined): string {
  if (object instanceof PDFRef) {
    const number = numberOf(object);
    // A reference to an object the letter never defined reads as null (PDF 1.7, 7.3.10).
    return number === undefined ? "null" : `${number} 0 R`;
  }
  if (object instanceof PDFDict) {
    let text = "<<";
    for (const [key, value] of object.entries())
      text += `${key.toString()} ${serialize(value, numberOf)} `;
    return `${text}>>`;
  }
  if (object instanceof PDFArray)
    return `[${object
      .asArray()
      .map((item) => serialize(item, numberOf))
      .join(" ")}]`;
  return object.toString();
}

/** The indirect references inside `object` (not followed into other indirect objects). */
function collectRefs(object: PDFObject | undefined, into: PDFRef[], skip?: PDFName): void {
  if (object instanceof PDFRef) into.push(object);
  else if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) if (key !== skip) collectRefs(value, into);
  } else if (object instanceof PDFArray) {
    for (const item of object.asArray()) collectRefs(item, into);
  } else if (object instanceof PDFStream) collectRefs(object.dict, into);
}

/**
 * Opens `filePath` and writes a PDF of the letters added, in their order. `info` becomes the
 * file's title, author and subject (UTF-16, so that umlauts survive).
 */
export async function createPdfJoinWriter(
  filePath: string,
  info: { title: string; author: string; subject: string },
): Promise<PdfJoinWriter> {
  const out = fs.createWriteStream(filePath);
  // A failed write (a full disk) is kept and thrown by the next write or by finish(): an error
  // event without a listener would end the process.
  let failure: Error | null = null;
  out.on("error", (error) => (failure = error));
  await once(out, "open");
  let offset = 0;
  /**
   * offsets[n] is where object n starts; 0..3 are the free entry and the file's own objects
   * (written last). A letter's objects get the next numbers and are written in that order.
   */
  const offsets: number[] = [0, 0, 0, 0];
  const pageRefs: number[] = [];

  async function write(chunk: Buffer): Promise<void> {
    if (failure) throw failure;
    offset += chunk.byteLength;
    if (!out.write(chunk)) await once(out, "drain");
  }
  async function writeObject(number: number, body: string, stream?: Uint8Array): Promise<void> {
    offsets[number] = offset;
    if (!stream) return write(Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, "latin1"));
    await write(Buffer.from(`${number} 0 obj\n${body}\nstream\n`, "latin1"));
    await write(Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength));
    await write(Buffer.from("\nendstream\nendobj\n", "latin1"));
  }

  // The binary comment tells transfer programs that the file is binary (PDF 1.7, 7.5.2).
  await write(Buffer.from("%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n", "latin1"));

  return {
    async add(pdf) {
      const source = await PDFDocument.load(pdf, {
        parseSpeed: OBJECTS_PER_TICK,
        updateMetadata: false,
      });
      const { context } = source;
      const pages = source.getPages().map((page) => page.ref);
      // Number every object the pages reach, in the order met; the letter's catalog and page tree are left behind.
      const numbers = new Map<PDFRef, number>();
      const order: PDFRef[] = [];
      const pending: PDFRef[] = [...pages];
      while (pending.length > 0) {
        const ref = pending.shift()!;
        if (numbers.has(ref)) continue;
        const object = context.lookup(ref);
        if (object === undefined) continue;
        numbers.set(ref, offsets.length + order.length);
        order.push(ref);
        const refs: PDFRef[] = [];
        collectRefs(object, refs, object instanceof PDFPageLeaf ? PARENT : undefined);
        if (object instanceof PDFPageLeaf)
          for (const name of INHERITABLE) collectRefs(object.getInheritableAttribute(name), refs);
        pending.push(...refs);
      }
      const numberOf = (ref: PDFRef) => numbers.get(ref);
      const pageOf = new Set(pages);
      for (const ref of order) {
        const number = numbers.get(ref)!;
        const object = context.lookup(ref)!;
        if (pageOf.has(ref) && object instanceof PDFPageLeaf) {
          // The page keeps what it inherited from the letter's page tree and hangs in the file's.
          let body = `<</Parent ${PAGES} 0 R`;
          for (const [key, value] of object.entries())
            if (key !== PARENT) body += ` ${key.toString()} ${serialize(value, numberOf)}`;
          for (const name of INHERITABLE) {
            const inherited = object.has(name) ? undefined : object.getInheritableAttribute(name);
            if (inherited) body += ` ${name.toString()} ${serialize(inherited, numberOf)}`;
          }
          await writeObject(number, `${body}>>`);
          pageRefs.push(number);
        } else if (object instanceof PDFRawStream) {
          await writeObject(number, serialize(object.dict, numberOf), object.contents);
        } else if (object instanceof PDFStream) {
          await writeObject(number, serialize(object.dict, numberOf), object.getContents());
        } else {
          await writeObject(number, serialize(object, numberOf));
        }
      }
      return pageRefs.length;
    },
    async finish() {
      const text = (value: string) => PDFHexString.fromText(value).toString();
      await writeObject(
        PAGES,
        `<</Type /Pages /Count ${pageRefs.length} /Kids [${pageRefs.map((number) => `${number} 0 R`).join(" ")}]>>`,
      );
      await writeObject(CATALOG, `<</Type /Catalog /Pages ${PAGES} 0 R /Lang (de-DE)>>`);
      await writeObject(
        INFO,
        `<</Title ${text(info.title)} /Author ${text(info.author)} /Subject ${text(info.subject)} /Producer ${text("Nebenkosten (pdfmake, pdf-lib)")}>>`,
      );
      const xrefAt = offset;
      // One 20-byte line per object (PDF 1.7, 7.5.4), written in parts of 10,000 lines.
      await write(Buffer.from(`xref\n0 ${offsets.length}\n0000000000 65535 f \n`, "latin1"));
      for (let start = 1; start < offsets.length; start += 10_000) {
        let lines = "";
        for (let number = start; number < Math.min(offsets.length, start + 10_000); number += 1)
          lines += `${String(offsets[number]).padStart(10, "0")} 00000 n \n`;
        await write(Buffer.from(lines, "latin1"));
      }
      await write(
        Buffer.from(
          `trailer\n<</Size ${offsets.length} /Root ${CATALOG} 0 R /Info ${INFO} 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`,
          "latin1",
        ),
      );
      out.end();
      // Resolves when the file is flushed and closed, rejects with a write's error.
      await finished(out);
      if (failure) throw failure;
      return { pageCount: pageRefs.length, byteLength: offset };
    },
    async abort() {
      out.destroy();
      // A stream destroyed without an error "closed early": expected here.
      await finished(out).catch(() => undefined);
    },
  };
}
