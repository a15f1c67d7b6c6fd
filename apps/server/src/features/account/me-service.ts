import {
  buildFeatureFlags,
  PLANS,
  ROLE_PERMISSIONS,
  type CompleteProfileBody,
  type MeResponse,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { logActivity } from "../activity/activity-log.ts";
import { describeSubscription, ensureSubscription } from "./subscription-service.ts";
import { countUsage } from "./usage-queries.ts";
import { ensureProfile, readMeFacts, updateProfile } from "./profile-queries.ts";
import { findUser, updateUserNames } from "./user-queries.ts";
import { inAccountTransaction } from "./account-transaction.ts";
import { listMemberships, type AccountContext } from "../team/account-context-service.ts";

// An account's first sign-in: the user was created moments before the current session.
const FIRST_SIGN_IN_WINDOW_MS = 60_000;

export async function loadMe(
  db: Db,
  user: {
    id: string;
    email: string;
    name: string;
    createdAt: Date;
    firstName?: string | null;
    lastName?: string | null;
  },
  session: { createdAt: Date },
  account: AccountContext,
): Promise<MeResponse> {
  // Reads and no write on the way (issue 19): the profile is created only when missing. The
  // subscription, limits, usage and features are the account's (issue 29), the rest the person's.
  // Independent reads, asked at once: on PostgreSQL each takes its own pooled connection, so the
  // answer waits for the slowest instead of the sum (the slowest page of `npm run bench:api`).
  const [subscriptionRow, facts, usage, memberships] = await Promise.all([
    ensureSubscription(db, account.accountId),
    readMeFacts(db, user.id),
    countUsage(db, account.accountId),
    listMemberships(db, user.id, account.accountId),
  ]);
  const profile = facts.profile ?? (await ensureProfile(db, user));
  const subscription = describeSubscription(subscriptionRow);
  const { authProvider, sessionCount } = facts;
  const isFirstSignIn =
    sessionCount <= 1 &&
    Math.abs(new Date(session.createdAt).getTime() - new Date(user.createdAt).getTime()) <
      FIRST_SIGN_IN_WINDOW_MS;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      createdAt: new Date(user.createdAt).toISOString(),
      authProvider,
      isFirstSignIn,
    },
    profile: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      fullName,
      company: profile.company,
      phone: profile.phone,
      profileComplete: profile.profileComplete,
    },
    subscription,
    limits: PLANS[subscription.plan].limits,
    usage,
    features: buildFeatureFlags(subscription.plan),
    account: {
      id: account.accountId,
      name: memberships.find((m) => m.isCurrent)?.accountName ?? "",
      role: account.role,
      permissions: [...ROLE_PERMISSIONS[account.role]],
    },
    memberships,
  };
}

/**
 * /auth/complete-profile and the profile tab: names are required; the profile counts as
 * complete afterwards. Answers the account as /api/me does.
 */
export async function completeProfile(
  db: Db,
  userId: string,
  body: CompleteProfileBody,
  session: { createdAt: Date },
  account: AccountContext,
): Promise<MeResponse> {
  await inAccountTransaction(db, userId, async (trx) => {
    await ensureProfile(trx, { id: userId });
    await updateProfile(trx, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      company: body.company?.trim() || null,
      phone: body.phone?.trim() || null,
    });
    await updateUserNames(trx, userId, { firstName: body.firstName, lastName: body.lastName });
    await logActivity(trx, { userId, key: "user.profile_updated" });
  });
  return loadMe(db, await findUser(db, userId), session, account);
}
