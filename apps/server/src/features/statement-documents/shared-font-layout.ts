import { createRequire } from "node:module";

// Why this exists: a letter's time went mostly into text shaping. pdfkit lays out every word
// with fontkit (OpenType GSUB/GPOS lookups) and caches the result per embedded font, that is per
// document; each new document also re-parses the font's GSUB/GPOS tables before its first word.
// Profiled on the 3-page letter: fontkit shaping and the table parsing behind it (restructure)
// took about 55 % of the CPU, every document again for the same words.
//
// This keeps one process-wide cache of shaped words per font, as plain data (glyph id, width,
// code points and positions), and shapes new words with one shaping-only font per file, so the
// GSUB/GPOS tables are parsed once per process and a word that repeats is shaped twice at most:
// once for its first document, which keeps it to itself, and once for the cache (decision 1870).
// Each document still gets its own fontkit font for its subset (sharing that font broke the text
// layer, decision 0602); only finished, immutable layout results are shared, their code points
// copied when shaped.
//
// It replaces a method of a class pdfkit does not export, reached through pdfmake's internal
// module js/PDFDocument.js: it saves about 45 % of a letter's CPU, so it stays (decision 1711,
// docs/performance.md "Issue 31 finding 3"), held by test/unit/shared-font-layout.test.ts (pdfkit's
// methods have the source this was written for; a letter is byte for byte the letter pdfkit makes
// alone) and by the exact pdfmake version in apps/server/package.json.

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
  /** pdfkit's word cache of this document (words to their layout), made with the font. */
  layoutCache?: Record<string, unknown>;
  /** Splits a text into words at spaces and tabs and lays each out through `layoutCached`. */
  layout(text: string, features?: unknown, onlyWidth?: boolean): unknown;
  /** Puts the glyphs of `layout` into the document's subset (id, advanceWidth, codePoints). */
  encode(text: string, features?: unknown): unknown;
}

// Words of amounts, names and dates differ per letter; labels, headings and cost types repeat
// in every letter. A word enters the process-wide cache only when a second document uses it
// (decision 1870): the first document keeps it in its own word cache (pdfkit's `layoutCache`,
// gone with the document) and notes it in a bounded set of words seen once. Kept for good,
// the words of amounts and names grew a letter thread's heap to 173 of its 192 MiB and doubled
// its time per letter through the garbage collector. Both are bounded and simply start over
// when full (a cleared cache costs one shaping per word, nothing else).
export const MAX_WORDS_PER_FONT = 5_000;
export const MAX_SEEN_ONCE_PER_FONT = 5_000;

interface FontWords {
  /** Words used by at least two documents: shared by all documents of this thread. */
  readonly shared: Map<string, CachedRun>;
  /** Words one document has used so far (the words alone, not their layout). */
  readonly seenOnce: Set<string>;
}

const caches = new Map<string, FontWords>();

function cacheOf(fontName: string): FontWords {
  let cache = caches.get(fontName);
  if (!cache) {
    cache = { shared: new Map(), seenOnce: new Set() };
    caches.set(fontName, cache);
  }
  return cache;
}

/** How many words the process-wide cache holds, per font name (for the tests). */
export function sharedWordCounts(): Record<string, { shared: number; seenOnce: number }> {
  return Object.fromEntries(
    [...caches].map(([name, words]) => [
      name,
      { shared: words.shared.size, seenOnce: words.seenOnce.size },
    ]),
  );
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

/** The patched prototype and pdfkit's own word cache it replaced (null until installed). */
let pdfkitOwn: {
  prototype: EmbeddedFontLike;
  layoutCached: EmbeddedFontLike["layoutCached"];
} | null = null;

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
  if (pdfkitOwn) return;
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
  pdfkitOwn = { prototype, layoutCached: prototype.layoutCached };
  prototype.layoutCached = function layoutShared(this: EmbeddedFontLike, text: string) {
    const name = this.name;
    const { shared, seenOnce } = cacheOf(name);
    const cached = shared.get(text);
    if (cached) return cached;
    // pdfkit's own cache of this document (absent only with the option fontLayoutCache: false).
    const own = this.layoutCache;
    const mine = own?.[text];
    if (mine) return mine;
    // An unknown font (none today) shapes with its own document's font, as pdfkit would.
    const run = toPlainRun((shapers.get(name) ?? this).layoutRun(text));
    if (seenOnce.delete(text)) {
      // The second document with this word: it repeats, so all later documents share it.
      if (shared.size >= MAX_WORDS_PER_FONT) shared.clear();
      shared.set(text, run);
    } else {
      if (seenOnce.size >= MAX_SEEN_ONCE_PER_FONT) seenOnce.clear();
      seenOnce.add(text);
      if (own) own[text] = run;
    }
    return run;
  };
}

/**
 * pdfkit's EmbeddedFont methods as pdfkit wrote them: the one replaced (`layoutCached`) and those
 * whose use of its result the shared cache relies on. The test of this module
 * (test/unit/shared-font-layout.test.ts) compares their source with the one this was written
 * for, so a pdfkit that changes them fails the test instead of the letters.
 */
export function pdfkitFontMethods(): Record<
  "layoutCached" | "layoutRun" | "layout" | "encode",
  string
> {
  if (!pdfkitOwn) throw new Error("installSharedFontLayout wurde noch nicht aufgerufen.");
  const { prototype, layoutCached } = pdfkitOwn;
  return {
    layoutCached: layoutCached.toString(),
    layoutRun: prototype.layoutRun.toString(),
    layout: prototype.layout.toString(),
    encode: prototype.encode.toString(),
  };
}

/**
 * Runs `work` with pdfkit's own per-document word cache instead of the shared one: the test of
 * this module renders each letter both ways and compares the files. Nothing else may render on
 * this thread meanwhile.
 */
export async function withPdfkitOwnLayout<T>(work: () => Promise<T>): Promise<T> {
  if (!pdfkitOwn) throw new Error("installSharedFontLayout wurde noch nicht aufgerufen.");
  const { prototype } = pdfkitOwn;
  const shared = prototype.layoutCached;
  prototype.layoutCached = pdfkitOwn.layoutCached;
  try {
    return await work();
  } finally {
    prototype.layoutCached = shared;
  }
}
