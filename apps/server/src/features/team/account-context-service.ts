import type { MemberRole, Membership } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { NotFound, NotSignedIn } from "../../domain/domain-errors.ts";
import { describeAccountName } from "./invitation-queries.ts";
import {
  findFallbackMembership,
  findMembership,
  findSessionMembership,
  insertOwnerMembership,
  listMembershipsOfUser,
  setSessionAccount,
} from "./membership-queries.ts";

// Which account a signed-in request works in (issue 29, decision 1170). A session remembers the
// account chosen in the switcher; when the user no longer belongs to it, the session falls back
// to the user's own account. The role is read on every request, so a change acts at once.

export interface AccountContext {
  accountId: string;
  role: MemberRole;
}

export async function resolveAccountContext(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<AccountContext> {
  const found = await findSessionMembership(db, sessionId, userId);
  // The session row is gone: ended by removal from an account or sign-out on another instance.
  if (!found) throw new NotSignedIn();
  if (found.membership) return found.membership;
  let fallback = await findFallbackMembership(db, userId);
  if (!fallback) {
    await insertOwnerMembership(db, userId);
    fallback = { accountId: userId, role: "owner" };
  }
  await setSessionAccount(db, sessionId, fallback.accountId === userId ? null : fallback.accountId);
  return fallback;
}

export async function listMemberships(
  db: Db,
  userId: string,
  currentAccountId: string,
): Promise<Membership[]> {
  const rows = await listMembershipsOfUser(db, userId);
  return rows.map((row) => ({
    accountId: row.accountId,
    accountName:
      row.accountId === userId
        ? `${describeAccountName(row)} (eigenes Konto)`
        : describeAccountName(row),
    role: row.role,
    isCurrent: row.accountId === currentAccountId,
  }));
}

export async function switchAccount(
  db: Db,
  userId: string,
  sessionId: string,
  accountId: string,
): Promise<Membership[]> {
  if (!(await findMembership(db, accountId, userId))) throw new NotFound("Konto nicht gefunden.");
  await setSessionAccount(db, sessionId, accountId === userId ? null : accountId);
  return listMemberships(db, userId, accountId);
}
