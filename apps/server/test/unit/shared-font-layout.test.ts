import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildLetterModel } from "../../src/features/statement-documents/build-letter-model.ts";
import { buildLettersDocument } from "../../src/features/statement-documents/letter-document.ts";
import { renderPdf } from "../../src/features/statement-documents/pdf-renderer.ts";
import {
  MAX_SEEN_ONCE_PER_FONT,
  MAX_WORDS_PER_FONT,
  pdfkitFontMethods,
  sharedWordCounts,
  withPdfkitOwnLayout,
} from "../../src/features/statement-documents/shared-font-layout.ts";
import { sampleLetterSource } from "../support/letter-fixture.ts";

// The process-wide word cache replaces a method of pdfkit's EmbeddedFont, reached through pdfmake's
// internals (decisions 0604, 1711). It saves about 45 % of a letter's CPU (docs/performance.md,
// "Issue 31 finding 3"), and it is correct only while pdfkit uses the method as it did when the
// cache was written. These tests hold that: the methods' source is the one it was written for,
// and a letter made with the shared words is byte for byte the letter pdfkit makes alone. An
// update of pdfmake or pdfkit that fails here needs the cache read again against the new code.

// pdfkit 0.19.1 (js/pdfkit.js, class EmbeddedFont), whitespace collapsed.
const PDFKIT_SOURCE = {
  layoutCached: `layoutCached(text) {
    if (!this.layoutCache) {
      return this.layoutRun(text);
    }
    let cached;
    if (cached = this.layoutCache[text]) {
      return cached;
    }
    const run = this.layoutRun(text);
    this.layoutCache[text] = run;
    return run;
  }`,
  layoutRun: `layoutRun(text, features) {
    const run = this.font.layout(text, features);
    for (let i = 0; i < run.positions.length; i++) {
      const position = run.positions[i];
      for (let key in position) {
        position[key] *= this.scale;
      }
      position.advanceWidth = run.glyphs[i].advanceWidth * this.scale;
    }
    return run;
  }`,
  layout: `layout(text, features, onlyWidth) {
    if (features) {
      return this.layoutRun(text, features);
    }
    let glyphs = onlyWidth ? null : [];
    let positions = onlyWidth ? null : [];
    let advanceWidth = 0;
    let last = 0;
    let index = 0;
    while (index <= text.length) {
      var needle;
      if (index === text.length && last < index || (needle = text.charAt(index), [' ', '\\t'].includes(needle))) {
        const run = this.layoutCached(text.slice(last, ++index));
        if (!onlyWidth) {
          glyphs = glyphs.concat(run.glyphs);
          positions = positions.concat(run.positions);
        }
        advanceWidth += run.advanceWidth;
        last = index;
      } else {
        index++;
      }
    }
    return {
      glyphs,
      positions,
      advanceWidth
    };
  }`,
  encode: `encode(text, features) {
    const {
      glyphs,
      positions
    } = this.layout(text, features);
    const res = [];
    for (let i = 0; i < glyphs.length; i++) {
      const glyph = glyphs[i];
      const gid = this.subset.includeGlyph(glyph.id);
      res.push(\`0000\${gid.toString(16)}\`.slice(-4));
      if (this.widths[gid] == null) {
        this.widths[gid] = glyph.advanceWidth * this.scale;
      }
      if (this.unicode[gid] == null) {
        this.unicode[gid] = glyph.codePoints;
      }
    }
    return [res, positions];
  }`,
};

const collapsed = (source: string) => source.replace(/\s+/g, " ");

/** A letter with a fixed creation date: the date (and the file id made from it) is all that may differ. */
async function letterBytes(id: string, correction: boolean): Promise<Buffer> {
  const source = sampleLetterSource(id);
  const model = {
    ...buildLetterModel(source),
    ...(correction ? { correction: { version: 2, replacesDate: "2025-02-01" } } : {}),
  };
  const definition = buildLettersDocument([{ model }], source.result.totalCosts);
  const fixed = {
    ...definition,
    info: { ...definition.info, creationDate: new Date(Date.UTC(2025, 0, 31)) },
  };
  return (await renderPdf(fixed)).bytes;
}

type FontOfDocument = { name: string; layoutCached(text: string): unknown };
const require = createRequire(import.meta.url);
const PdfmakeDocument = (
  require("pdfmake/js/PDFDocument.js") as {
    default: new (fonts: object) => {
      provideFont(family: string, bold: boolean, italics: boolean): FontOfDocument;
    };
  }
).default;
const ROBOTO = path.join(
  path.dirname(require.resolve("pdfmake/package.json")),
  "fonts/Roboto/Roboto-Regular.ttf",
);

/** The regular font of a new document, as pdfmake gives it to pdfkit (with the shared cache). */
function fontOfNewDocument(): FontOfDocument {
  return new PdfmakeDocument({
    Roboto: { normal: ROBOTO, bold: ROBOTO, italics: ROBOTO, bolditalics: ROBOTO },
  }).provideFont("Roboto", false, false);
}

const wordCounts = (font: FontOfDocument) =>
  sharedWordCounts()[font.name] ?? { shared: 0, seenOnce: 0 };

describe("shared word cache (pdfkit patch)", () => {
  it("replaces and relies on pdfkit methods whose source is the one it was written for", () => {
    const methods = pdfkitFontMethods();
    for (const [name, source] of Object.entries(PDFKIT_SOURCE))
      expect(collapsed(methods[name as keyof typeof methods]), name).toBe(collapsed(source));
  });

  it("makes each letter byte for byte as pdfkit's own word cache does", async () => {
    const letters: Array<[string, boolean]> = [
      ["weiss", true],
      ["schulz", false],
      ["oezdemir", false],
      ["krueger", false],
      ["weiss", false],
    ];
    for (const [id, correction] of letters) {
      const own = await withPdfkitOwnLayout(() => letterBytes(id, correction));
      const shared = await letterBytes(id, correction);
      expect(shared.subarray(0, 5).toString()).toBe("%PDF-");
      expect(shared.equals(own), `${id}${correction ? " (Korrektur)" : ""}`).toBe(true);
    }
  }, 60_000);

  // Decision 1870: the words of amounts, names and dates, kept for good, filled a letter thread's
  // heap and doubled its time per letter; only words of two documents are shared, both bounded.
  it("shares a word only from its second document on", () => {
    const first = fontOfNewDocument();
    const before = wordCounts(first).shared;
    const once = Array.from({ length: 50 }, (_, index) => `Einmalwort-${index}-${Date.now()}`);
    for (const word of once) first.layoutCached(word);
    const firstRuns = once.map((word) => first.layoutCached(word));
    expect(wordCounts(first).shared).toBe(before);
    expect(once.map((word) => first.layoutCached(word))).toEqual(firstRuns);

    const second = fontOfNewDocument();
    const secondRuns = once.map((word) => second.layoutCached(word));
    expect(secondRuns).toEqual(firstRuns);
    expect(wordCounts(second).shared).toBe(before + once.length);
    const third = fontOfNewDocument();
    once.forEach((word, index) => expect(third.layoutCached(word)).toBe(secondRuns[index]));
  });

  it("holds at most its bound of words, shared and seen once, however many come", () => {
    const first = fontOfNewDocument();
    const second = fontOfNewDocument();
    for (let index = 0; index < 2 * MAX_WORDS_PER_FONT + 10; index += 1) {
      const word = `Wort${index}`;
      first.layoutCached(word);
      second.layoutCached(word);
      first.layoutCached(`Nur-einmal${index}`);
    }
    const counts = wordCounts(first);
    expect(counts.shared).toBeGreaterThan(0);
    expect(counts.shared).toBeLessThanOrEqual(MAX_WORDS_PER_FONT);
    expect(counts.seenOnce).toBeGreaterThan(0);
    expect(counts.seenOnce).toBeLessThanOrEqual(MAX_SEEN_ONCE_PER_FONT);
  }, 60_000);
});
