import { sql } from "kysely";
import type { MemberRole } from "@nk/contract";
import type { Db } from "../../db/database.ts";

export interface MembershipRow {
  accountId: string;
  role: MemberRole;
}

/** The member's role in an account, or undefined when the user does not belong to it. */
export async function findMembership(
  db: Db,
  accountId: string,
  userId: string,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom("accountMembers")
    .select(["accountId", "role"])
    .where("accountId", "=", accountId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/**
 * The session's row and, when the user still belongs to the account it chose, that account and
 * role. Undefined: the session was ended (sign-out, removal from an account).
 */
export async function findSessionMembership(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ membership: MembershipRow | undefined } | undefined> {
  const row = await db
    .selectFrom("sessions as s")
    .leftJoin("accountMembers as m", (join) =>
      join
        .onRef("m.userId", "=", "s.userId")
        .on("m.accountId", "=", sql<string>`coalesce(s.active_account_id, s.user_id)`),
    )
    .select(["m.accountId", "m.role"])
    .where("s.id", "=", sessionId)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    membership:
      row.accountId && row.role ? { accountId: row.accountId, role: row.role } : undefined,
  };
}

/** The account a user falls back to: their own first, else the one they joined first. */
export async function findFallbackMembership(
  db: Db,
  userId: string,
): Promise<MembershipRow | undefined> {
  return db
    .selectFrom("accountMembers")
    .select(["accountId", "role"])
    .where("userId", "=", userId)
    .orderBy(sql`account_id = user_id`, "desc")
    .orderBy("createdAt")
    .limit(1)
    .executeTakeFirst();
}

export async function setSessionAccount(
  db: Db,
  sessionId: string,
  accountId: string | null,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ activeAccountId: accountId })
    .where("id", "=", sessionId)
    .execute();
}

/** Every account of a user, with the name the switcher shows (company, else the owner's name). */
export async function listMembershipsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("accountMembers as m")
    .innerJoin("users as u", "u.id", "m.accountId")
    .leftJoin("profiles as p", "p.userId", "m.accountId")
    .select([
      "m.accountId",
      "m.role",
      "u.name",
      "u.email",
      "p.company",
      "p.firstName",
      "p.lastName",
    ])
    .where("m.userId", "=", userId)
    .orderBy(sql`m.account_id = m.user_id`, "desc")
    .orderBy("m.createdAt")
    .execute();
}

export async function insertOwnerMembership(db: Db, userId: string): Promise<void> {
  await db
    .insertInto("accountMembers")
    .values({ accountId: userId, userId, role: "owner" })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function listMembersOfAccount(db: Db, accountId: string) {
  return db
    .selectFrom("accountMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .leftJoin("profiles as p", "p.userId", "m.userId")
    .select(["m.userId", "m.role", "m.createdAt", "u.name", "u.email", "p.firstName", "p.lastName"])
    .where("m.accountId", "=", accountId)
    .orderBy(sql`m.role = 'owner'`, "desc")
    .orderBy("m.createdAt")
    .execute();
}

export async function insertMember(
  db: Db,
  accountId: string,
  userId: string,
  role: MemberRole,
): Promise<void> {
  await db.insertInto("accountMembers").values({ accountId, userId, role }).execute();
}

export async function updateMemberRole(
  db: Db,
  accountId: string,
  userId: string,
  role: MemberRole,
): Promise<void> {
  await db
    .updateTable("accountMembers")
    .set({ role })
    .where("accountId", "=", accountId)
    .where("userId", "=", userId)
    .execute();
}

export async function deleteMember(db: Db, accountId: string, userId: string): Promise<void> {
  await db
    .deleteFrom("accountMembers")
    .where("accountId", "=", accountId)
    .where("userId", "=", userId)
    .execute();
}

/** Ends every session of the user that works in this account (removal: at once, decision 1170). */
export async function deleteSessionsInAccount(
  db: Db,
  accountId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("userId", "=", userId)
    .where(sql<boolean>`coalesce(active_account_id, user_id) = ${accountId}`)
    .execute();
}
