import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { installSharedFontLayout } from "./shared-font-layout.ts";

// pdfmake on the server, no browser (docs/rules/statements.md#pdfs-and-sending). Fonts: Roboto from the pdfmake package
// itself, read once into memory; pdfmake may read no file and no URL at all.

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(
  path.dirname(require.resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
const FONT_FILES = {
  normal: path.join(FONT_DIR, "Roboto-Regular.ttf"),
  bold: path.join(FONT_DIR, "Roboto-Medium.ttf"),
  italics: path.join(FONT_DIR, "Roboto-Italic.ttf"),
  bolditalics: path.join(FONT_DIR, "Roboto-MediumItalic.ttf"),
};
// Each document parses its fonts anew. Handing one parsed font to several documents saved about
// a quarter of the CPU per letter, but broke the text layer: from the sixth document on, letters
// of the subset lost their Unicode mapping (copying "Korrektur" gave "K rrektur"), which a screen
// reader, a search and a court's copy of the text depend on. What is shared instead is the shaped
// words (shared-font-layout.ts) and the font files' bytes, read once into pdfmake's in-memory file
// system: no document reads a file, so the local access policy allows none.
const virtualFiles = (
  pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }
).virtualfs;
const fonts = Object.fromEntries(
  Object.entries(FONT_FILES).map(([style, file]) => {
    const name = `fonts/${path.basename(file)}`;
    virtualFiles.writeFileSync(name, fs.readFileSync(file));
    return [style, name];
  }),
);

pdfmake.setFonts({ Roboto: fonts as typeof FONT_FILES });
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(() => false);
installSharedFontLayout(Object.values(FONT_FILES));

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
