import type { Db } from "../db/database.ts";
import { ensureProfile, updateProfile } from "../features/account/profile-queries.ts";
import { ensureSubscription } from "../features/account/subscription-service.ts";
import { logActivity } from "../features/activity/activity-log.ts";
import { assertWithinAttemptLimits, RESET_RULES, SIGN_IN_RULES } from "./attempt-limits.ts";
import { clearSignInFailures, recordAttempt } from "./attempt-queries.ts";

// What the server does around better-auth's answers: the account's trial and profile, the
// attempt limits, and the activity entries. auth-routes.ts calls these, never the queries.

export interface SignUpFollowUp {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  userAgent: string | null;
}

/** After a successful sign-up: trial, profile with the names, activity entry, all or nothing. */
export async function completeSignUp(db: Db, account: SignUpFollowUp): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ensureSubscription(trx, account.userId);
    await ensureProfile(trx, { id: account.userId, firstName: account.firstName, lastName: account.lastName });
    await updateProfile(trx, account.userId, { firstName: account.firstName, lastName: account.lastName, company: null, phone: null });
    await logActivity(trx, { userId: account.userId, key: "user.registered", entityId: account.userId, entityName: account.email, userAgent: account.userAgent });
  });
}

/** Before better-auth checks a password: refuses (429) once the failures of this account or address run out. */
export async function assertSignInAllowed(db: Db, who: { email: string; ipAddress: string }): Promise<void> {
  await assertWithinAttemptLimits(db, "sign_in_failure", SIGN_IN_RULES, who);
}

export async function recordSignInFailure(db: Db, who: { email: string; ipAddress: string }): Promise<void> {
  await recordAttempt(db, "sign_in_failure", who.email, who.ipAddress);
}

/** After a successful sign-in: the failures are forgotten; the trial starts with the first sign-in. */
export async function completeSignIn(db: Db, account: { userId: string | null; email: string; userAgent: string | null }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await clearSignInFailures(trx, account.email);
    if (!account.userId) return;
    await ensureSubscription(trx, account.userId);
    await logActivity(trx, { userId: account.userId, key: "user.login", entityId: account.userId, entityName: account.email, userAgent: account.userAgent });
  });
}

/** A reset mail is allowed a few times per account and address; each request counts. */
export async function recordResetRequest(db: Db, who: { email: string; ipAddress: string }): Promise<void> {
  await assertWithinAttemptLimits(db, "reset_request", RESET_RULES, who);
  await recordAttempt(db, "reset_request", who.email, who.ipAddress);
}

export async function recordSignOut(db: Db, user: { id: string; email: string }): Promise<void> {
  await logActivity(db, { userId: user.id, key: "user.logout", entityId: user.id, entityName: user.email });
}

export async function recordPasswordChange(db: Db, user: { id: string; email: string }, userAgent: string | null): Promise<void> {
  await logActivity(db, { userId: user.id, key: "user.password_changed", entityId: user.id, entityName: user.email, userAgent });
}
