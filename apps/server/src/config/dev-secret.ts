import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const SECRET_FILE = "auth-secret";

/**
 * Development only (production requires AUTH_SECRET): a random secret is generated on the first
 * start and kept in DATA_DIR, so sessions survive restarts without any setup.
 */
export function loadOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
