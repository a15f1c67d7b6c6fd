import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A PDF's text as the tenant reads it, through poppler's pdftotext (Debian's poppler-utils),
 * whitespace collapsed to single spaces so a test can look for a sentence across line breaks.
 */
export function readPdfText(bytes: Uint8Array): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "nk-pdf-text-"));
  try {
    const file = path.join(folder, "letter.pdf");
    fs.writeFileSync(file, bytes);
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
