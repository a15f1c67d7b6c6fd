import { execFileSync } from "node:child_process";

// A letter read back as the tenant reads it: poppler's pdftotext (Debian's poppler-utils,
// installed by .ci/run). One place for the three readings the end-to-end tests compare against.

/** The PDF's text as pdftotext gives it, lines and spacing as they are. */
export const readPdfRaw = (file: string): string =>
  execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });

/** The PDF's text in one line: every run of white space one space (phrases across line breaks). */
export const readPdfText = (file: string): string => readPdfRaw(file).replace(/\s+/g, " ");

/** The PDF's text with its layout (table rows stay on one line), runs of blanks one space. */
export const readPdfLayout = (file: string): string =>
  execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ");
