import type { Db } from "../db/database.ts";
import { ensureProfile, updateProfile } from "../features/account/profile-queries.ts";
import { ensureSubscription } from "../features/account/subscription-service.ts";
import { logActivity } from "../features/activity/activity-log.ts";
import { insertOwnerMembership } from "../features/team/membership-queries.ts";
import {
  countResetRequest,
  countSignInAttempt,
  countSignUpAttempt,
  forgetSignInAttempts,
  type Who,
} from "./attempt-limits.ts";

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
    await insertOwnerMembership(trx, account.userId);
    await ensureProfile(trx, {
      id: account.userId,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    await updateProfile(trx, account.userId, {
      firstName: account.firstName,
      lastName: account.lastName,
      company: null,
      phone: null,
    });
    await logActivity(trx, {
      userId: account.userId,
      actorUserId: account.userId,
      key: "user.registered",
      entityId: account.userId,
      entityName: account.email,
      userAgent: account.userAgent,
    });
  });
}

/** Before better-auth checks a password: counts the attempt, refuses (429) once this account and address may not try. */
export async function assertSignInAllowed(db: Db, who: Who): Promise<void> {
  await countSignInAttempt(db, who);
}

/** Before better-auth creates an account: counts the attempt of the address, refuses (429) past the limit. */
export async function assertSignUpAllowed(db: Db, ipAddress: string): Promise<void> {
  await countSignUpAttempt(db, ipAddress);
}

/** After a successful sign-in: the failures are forgotten; the trial starts with the first sign-in. */
export async function completeSignIn(
  db: Db,
  account: { userId: string | null; who: Who; userAgent: string | null },
): Promise<void> {
  await forgetSignInAttempts(db, account.who);
  if (!account.userId) return;
  const userId = account.userId;
  await db.transaction().execute(async (trx) => {
    await ensureSubscription(trx, userId);
    await insertOwnerMembership(trx, userId);
    await logActivity(trx, {
      userId,
      actorUserId: userId,
      key: "user.login",
      entityId: userId,
      entityName: account.who.email,
      userAgent: account.userAgent,
    });
  });
}

/** A reset mail is allowed a few times per account and address; each request counts. */
export async function recordResetRequest(db: Db, who: Who): Promise<void> {
  await countResetRequest(db, who);
}

export async function recordSignOut(db: Db, user: { id: string; email: string }): Promise<void> {
  await logActivity(db, {
    userId: user.id,
    actorUserId: user.id,
    key: "user.logout",
    entityId: user.id,
    entityName: user.email,
  });
}

export async function recordPasswordChange(
  db: Db,
  user: { id: string; email: string },
  userAgent: string | null,
): Promise<void> {
  await logActivity(db, {
    userId: user.id,
    actorUserId: user.id,
    key: "user.password_changed",
    entityId: user.id,
    entityName: user.email,
    userAgent,
  });
}
