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

/**
 * Waits for a mail to `to` in the outbox and returns the first link it contains that matches
 * `pattern`. Woken by the folder's changes (the mailer renames each finished mail into it,
 * apps/server/src/mail/mailer.ts), not by polling; `timeoutMs` only bounds the wait.
 */
export async function waitForMailLink(
  dataDir: string,
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const find = (): string | null => {
    for (const mail of readOutbox(dataDir).reverse()) {
      if (!mail.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
      const match = mail.match(pattern);
      if (match) return match[0];
    }
    return null;
  };
  // The folder is made here if no mail was sent yet (the mailer makes it the same way).
  const dir = path.join(dataDir, "outbox");
  fs.mkdirSync(dir, { recursive: true });
  return new Promise<string>((resolve, reject) => {
    const finish = (link: string | null) => {
      watcher.close();
      clearTimeout(deadline);
      if (link) resolve(link);
      else reject(new Error(`Keine Mail an ${to} mit ${pattern} im Outbox-Ordner.`));
    };
    const watcher = fs.watch(dir, () => {
      const link = find();
      if (link) finish(link);
    });
    const deadline = setTimeout(() => finish(find()), timeoutMs);
    // A mail written before the watch began.
    const link = find();
    if (link) finish(link);
  });
}
