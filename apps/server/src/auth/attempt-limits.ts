import type { Db } from "../db/database.ts";
import { RateLimited } from "../domain/domain-errors.ts";
import { countRecentAttempts, type AttemptKind } from "./attempt-queries.ts";

interface Rule {
  by: "email" | "ipAddress";
  windowSeconds: number;
  max: number;
}

// OWASP ASVS 2.2.1: at most 100 failed attempts per hour on one account; much tighter per
// minute, and per client address so that one address cannot try many accounts.
export const SIGN_IN_RULES: Rule[] = [
  { by: "email", windowSeconds: 60, max: 5 },
  { by: "email", windowSeconds: 3600, max: 100 },
  { by: "ipAddress", windowSeconds: 60, max: 20 },
  { by: "ipAddress", windowSeconds: 3600, max: 300 },
];

// Reset mails: a few per account, so nobody can flood a mailbox.
export const RESET_RULES: Rule[] = [
  { by: "email", windowSeconds: 15 * 60, max: 3 },
  { by: "email", windowSeconds: 3600, max: 5 },
  { by: "ipAddress", windowSeconds: 3600, max: 20 },
];

const MESSAGES: Record<AttemptKind, (minutes: number) => string> = {
  sign_in_failure: (minutes) =>
    `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${minutes === 1 ? "eine Minute" : `${minutes} Minuten`} und versuchen Sie es dann erneut.`,
  reset_request: (minutes) =>
    `Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuchen Sie es in ${minutes === 1 ? "einer Minute" : `${minutes} Minuten`} erneut.`,
};

/** Throws RateLimited (429) with a German message when any rule for this account or address is exhausted. */
export async function assertWithinAttemptLimits(
  db: Db,
  kind: AttemptKind,
  rules: Rule[],
  who: { email: string; ipAddress: string },
): Promise<void> {
  for (const rule of rules) {
    const count = await countRecentAttempts(db, kind, { [rule.by]: who[rule.by] }, rule.windowSeconds);
    if (count >= rule.max) {
      const minutes = Math.ceil(rule.windowSeconds / 60);
      throw new RateLimited(MESSAGES[kind](minutes));
    }
  }
}
