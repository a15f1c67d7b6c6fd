import { createRequire } from "node:module";

// Why this exists: a letter's time went mostly into text shaping. pdfkit lays out every word
// with fontkit (OpenType GSUB/GPOS lookups) and caches the result per embedded font, that is per
// document; each new document also re-parses the font's GSUB/GPOS tables before its first word.
// Profiled on the 3-page letter: fontkit shaping and the table parsing behind it (restructure)
// took about 55 % of the CPU, every document again for the same words.
//
// This keeps one process-wide cache of shaped words per font, as plain data (glyph id, width,
// code points and positions), and shapes new words with one shaping-only font per file, so the
// GSUB/GPOS tables are parsed once per process and a word is shaped once. Each document still
// gets its own fontkit font for its subset (sharing that font broke the text layer, decision
// 0602); only finished, immutable layout results are shared, their code points copied when shaped.

interface CachedGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: readonly number[];
}

interface CachedRun {
  readonly glyphs: readonly CachedGlyph[];
  readonly positions: ReadonlyArray<Readonly<Record<string, number>>>;
  readonly advanceWidth: number;
}

/** The part of pdfkit's EmbeddedFont this relies on (pdfkit 0.19). */
interface EmbeddedFontLike {
  /** The font's PostScript name, read once by pdfkit (fontkit looks it up anew on every read). */
  name: string;
  layoutRun(
    text: string,
    features?: unknown,
  ): {
    glyphs: Array<{ id: number; advanceWidth: number; codePoints: number[] }>;
    positions: Array<Record<string, number>>;
  };
  layoutCached(text: string): unknown;
}

// Words of amounts, names and dates differ per letter: the cache is bounded and simply starts
// over when full (a cleared cache costs one shaping per word, nothing else).
const MAX_WORDS_PER_FONT = 20_000;
const caches = new Map<string, Map<string, CachedRun>>();

function cacheOf(fontName: string): Map<string, CachedRun> {
  let cache = caches.get(fontName);
  if (!cache) {
    cache = new Map();
    caches.set(fontName, cache);
  }
  return cache;
}

function toPlainRun(run: ReturnType<EmbeddedFontLike["layoutRun"]>): CachedRun {
  let advanceWidth = 0;
  const positions = run.positions.map((position) => {
    advanceWidth += position.xAdvance ?? 0;
    return Object.freeze({ ...position });
  });
  const glyphs = run.glyphs.map((glyph) =>
    Object.freeze({
      id: glyph.id,
      advanceWidth: glyph.advanceWidth,
      codePoints: Object.freeze([...glyph.codePoints]),
    }),
  );
  return Object.freeze({
    glyphs: Object.freeze(glyphs),
    positions: Object.freeze(positions),
    advanceWidth,
  });
}

let installed = false;

type PdfmakeDocumentClass = new (fonts: object) => {
  provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFontLike;
};

/**
 * Replaces pdfkit's per-document word cache by the process-wide one. `fontFiles` are the
 * TrueType files pdfmake may read. For each, one throwaway document is opened: its font only
 * shapes words that are not cached yet (it is never subset or embedded, so its glyphs keep the
 * code points they were shaped with), and through it the code reaches pdfkit's EmbeddedFont
 * class, which pdfkit does not export (the very pdfkit pdfmake itself uses).
 */
export function installSharedFontLayout(fontFiles: readonly string[]): void {
  if (installed) return;
  const require = createRequire(import.meta.url);
  const PdfmakeDocument = (
    require("pdfmake/js/PDFDocument.js") as { default: PdfmakeDocumentClass }
  ).default;
  const shapers = new Map<string, EmbeddedFontLike>();
  for (const file of fontFiles) {
    const font = new PdfmakeDocument({
      Shaper: { normal: file, bold: file, italics: file, bolditalics: file },
    }).provideFont("Shaper", false, false);
    shapers.set(font.name, font);
  }
  const prototype = Object.getPrototypeOf(shapers.values().next().value) as EmbeddedFontLike;
  if (typeof prototype.layoutRun !== "function" || typeof prototype.layoutCached !== "function") {
    throw new Error(
      "pdfkit hat eine unerwartete Form (EmbeddedFont.layoutRun/layoutCached fehlen).",
    );
  }
  prototype.layoutCached = function layoutShared(this: EmbeddedFontLike, text: string) {
    const name = this.name;
    const cache = cacheOf(name);
    const cached = cache.get(text);
    if (cached) return cached;
    // An unknown font (none today) shapes with its own document's font, as pdfkit would.
    const run = toPlainRun((shapers.get(name) ?? this).layoutRun(text));
    if (cache.size >= MAX_WORDS_PER_FONT) cache.clear();
    cache.set(text, run);
    return run;
  };
  installed = true;
}
