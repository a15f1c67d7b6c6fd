import type { Db } from "../db/database.ts";
import { RateLimited } from "../domain/domain-errors.ts";
import { countWindowHit } from "../rate-limit/fixed-window-limit.ts";
import { forgetKey, uncountHit } from "../rate-limit/rate-limit-queries.ts";

// Attempts are counted before the password is checked, with one statement that increments and
// returns the count (rate_limit_buckets): 50 attempts at once let exactly `max` through, on
// any number of instances (issue 15). A successful sign-in takes its attempt back.
//
// - account and address together: tight (5 in 15 minutes): guessing one account's password
//   from one address;
// - account across addresses: loose, OWASP ASVS 2.2.1 allows at most 100 failures an hour. Once
//   exhausted, an address that has not failed on this account still gets its attempt: the
//   owner is not locked out by someone else's guessing;
// - address across accounts: very loose (a company's proxy holds many users), it only slows
//   password spraying from one machine.
const SIGN_IN_LIMITS = {
  pair: { windowSeconds: 15 * 60, max: 5 },
  account: { windowSeconds: 60 * 60, max: 100 },
  address: { windowSeconds: 60 * 60, max: 500 },
} as const;

// Reset mails: a few per account, so nobody can flood a mailbox.
const RESET_LIMITS = {
  account: { windowSeconds: 15 * 60, max: 3 },
  address: { windowSeconds: 60 * 60, max: 20 },
} as const;

// New accounts per address: enough for a family or an office behind one address, too few to
// enumerate e-mails through the 'account exists' answer the specification asks for.
const SIGN_UP_LIMIT = { windowSeconds: 60 * 60, max: 30 } as const;

function inMinutes(seconds: number, one: string, many: (minutes: number) => string): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? one : many(minutes);
}

const signInMessage = (seconds: number) =>
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie ${inMinutes(seconds, "eine Minute", (m) => `${m} Minuten`)} und versuchen Sie es dann erneut.`;
const resetMessage = (seconds: number) =>
  `Zu viele Anfragen zum Zurücksetzen des Passworts. Bitte versuchen Sie es in ${inMinutes(seconds, "einer Minute", (m) => `${m} Minuten`)} erneut.`;
const signUpMessage = (seconds: number) =>
  `Zu viele Registrierungen von dieser Adresse. Bitte versuchen Sie es in ${inMinutes(seconds, "einer Minute", (m) => `${m} Minuten`)} erneut.`;

export interface Who {
  email: string;
  ipAddress: string;
}

const keys = {
  pair: (who: Who) => `sign-in:pair:${who.email}|${who.ipAddress}`,
  account: (who: Who) => `sign-in:account:${who.email}`,
  address: (who: Who) => `sign-in:address:${who.ipAddress}`,
};

/** Counts a sign-in attempt; throws RateLimited (429) when this account and address may not try now. */
export async function countSignInAttempt(db: Db, who: Who): Promise<void> {
  const pair = await countWindowHit(db, keys.pair(who), SIGN_IN_LIMITS.pair.windowSeconds);
  if (pair.count > SIGN_IN_LIMITS.pair.max)
    throw new RateLimited(signInMessage(pair.retryAfterSeconds), pair.retryAfterSeconds);
  const address = await countWindowHit(db, keys.address(who), SIGN_IN_LIMITS.address.windowSeconds);
  if (address.count > SIGN_IN_LIMITS.address.max)
    throw new RateLimited(signInMessage(address.retryAfterSeconds), address.retryAfterSeconds);
  const account = await countWindowHit(db, keys.account(who), SIGN_IN_LIMITS.account.windowSeconds);
  const isFirstFromAddress = pair.count === 1;
  if (account.count > SIGN_IN_LIMITS.account.max && !isFirstFromAddress) {
    throw new RateLimited(signInMessage(account.retryAfterSeconds), account.retryAfterSeconds);
  }
}

/** A successful sign-in: the failures of this address on the account are forgotten, the attempt taken back. */
export async function forgetSignInAttempts(db: Db, who: Who): Promise<void> {
  await forgetKey(db, keys.pair(who));
  await uncountHit(db, keys.account(who), SIGN_IN_LIMITS.account.windowSeconds);
  await uncountHit(db, keys.address(who), SIGN_IN_LIMITS.address.windowSeconds);
}

/** Counts a reset request; throws RateLimited (429) past the limits of the account or the address. */
export async function countResetRequest(db: Db, who: Who): Promise<void> {
  const account = await countWindowHit(
    db,
    `reset:account:${who.email}`,
    RESET_LIMITS.account.windowSeconds,
  );
  if (account.count > RESET_LIMITS.account.max)
    throw new RateLimited(resetMessage(account.retryAfterSeconds), account.retryAfterSeconds);
  const address = await countWindowHit(
    db,
    `reset:address:${who.ipAddress}`,
    RESET_LIMITS.address.windowSeconds,
  );
  if (address.count > RESET_LIMITS.address.max)
    throw new RateLimited(resetMessage(address.retryAfterSeconds), address.retryAfterSeconds);
}

/** Counts a sign-up attempt of an address; throws RateLimited (429) past the limit. */
export async function countSignUpAttempt(db: Db, ipAddress: string): Promise<void> {
  const hit = await countWindowHit(db, `sign-up:address:${ipAddress}`, SIGN_UP_LIMIT.windowSeconds);
  if (hit.count > SIGN_UP_LIMIT.max)
    throw new RateLimited(signUpMessage(hit.retryAfterSeconds), hit.retryAfterSeconds);
}
