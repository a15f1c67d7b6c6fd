import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1 (docs/architecture.md 'auth').
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // not an argon2 hash: never a match
  }
}
