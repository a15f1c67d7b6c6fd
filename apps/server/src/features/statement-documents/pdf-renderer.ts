import { createRequire } from "node:module";
import path from "node:path";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";

// pdfmake on the server, no browser (DECISIONS 10). Fonts: Roboto from the pdfmake package
// itself, nothing downloaded; pdfmake may read only those font files and no URL at all.

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve("pdfmake/package.json")), "fonts", "Roboto");
const FONT_FILES = {
  normal: path.join(FONT_DIR, "Roboto-Regular.ttf"),
  bold: path.join(FONT_DIR, "Roboto-Medium.ttf"),
  italics: path.join(FONT_DIR, "Roboto-Italic.ttf"),
  bolditalics: path.join(FONT_DIR, "Roboto-MediumItalic.ttf"),
};
const ALLOWED_FILES = new Set(Object.values(FONT_FILES));

pdfmake.setFonts({ Roboto: FONT_FILES });
reuseParsedFonts();
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file: string) => ALLOWED_FILES.has(path.resolve(file)));

export interface RenderedPdf {
  bytes: Buffer;
  pageCount: number;
}

/** Renders a document definition to PDF bytes and reports its number of pages. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<RenderedPdf> {
  let pageCount = 0;
  const footer = definition.footer;
  const counted: TDocumentDefinitions = {
    ...definition,
    // The footer is called for every page with the page count: the cheapest way to learn it.
    footer: (currentPage, count, pageSize) => {
      pageCount = count;
      return typeof footer === "function" ? footer(currentPage, count, pageSize) : (footer ?? null);
    },
  };
  const bytes = await pdfmake.createPdf(counted).getBuffer();
  return { bytes, pageCount };
}

interface PdfKitDocument {
  _font: { font: unknown; constructor: new (document: PdfKitDocument, font: unknown, id: string) => PdfKitDocument["_font"] };
  _fontFamilies: Record<string, PdfKitDocument["_font"]>;
  _fontCount: number;
  _fontSource: unknown;
  _fontFamily: unknown;
}

/**
 * Parsing a TrueType font costs about as much as laying out a page, and pdfkit parses each
 * font again for every document. pdfmake asks its document for a font by file path only
 * (`font(path)`): for our four font files the parsed font is kept and handed to a new embedded
 * font of each document, which still makes its own subset, so every PDF embeds only the glyphs
 * it uses. Any other call goes to pdfkit unchanged.
 */
function reuseParsedFonts(): void {
  const requireFromPdfmake = createRequire(require.resolve("pdfmake"));
  const PdfmakeDocument = (requireFromPdfmake("./PDFDocument") as { default: { prototype: Record<string, unknown> } }).default;
  const pdfkitFont = PdfmakeDocument.prototype.font as (this: PdfKitDocument, src: unknown, family?: unknown, size?: unknown) => PdfKitDocument;
  const ours = new Set(Object.values(FONT_FILES));
  const parsed = new Map<string, { font: unknown; EmbeddedFont: PdfKitDocument["_font"]["constructor"] }>();
  PdfmakeDocument.prototype.font = function font(this: PdfKitDocument, src: unknown, family?: unknown, size?: unknown) {
    if (typeof src !== "string" || !ours.has(src) || family !== undefined || size !== undefined) return pdfkitFont.call(this, src, family, size);
    const known = this._fontFamilies[src];
    const cached = parsed.get(src);
    if (known) {
      this._font = known;
    } else if (cached) {
      this._font = new cached.EmbeddedFont(this, cached.font, `F${++this._fontCount}`);
      this._fontFamilies[src] = this._font;
    } else {
      pdfkitFont.call(this, src);
      parsed.set(src, { font: this._font.font, EmbeddedFont: this._font.constructor });
    }
    this._fontSource = src;
    this._fontFamily = null;
    return this;
  };
}
