import fs from "node:fs";
import path from "node:path";

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes, UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The .eml files in DATA_DIR/outbox, oldest first, decoded for searching. */
export function readOutbox(dataDir: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** Waits for a mail to `to` in the outbox and returns the first link it contains that matches `pattern`. */
export async function waitForMailLink(
  dataDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const mail of readOutbox(dataDir).reverse()) {
      if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const match = mail.match(pattern);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Keine Mail an ${to} mit ${pattern} im Outbox-Ordner.`);
}
