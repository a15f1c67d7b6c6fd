import type { AssignableRole } from "@nk/contract";
import type { Db } from "../../db/database.ts";

export async function insertInvitation(
  db: Db,
  row: {
    accountId: string;
    email: string;
    role: AssignableRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
): Promise<string> {
  const inserted = await db
    .insertInto("accountInvitations")
    .values(row)
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Open invitations of the account (not used, not withdrawn; expired ones are listed until replaced). */
export async function listOpenInvitations(db: Db, accountId: string) {
  return db
    .selectFrom("accountInvitations as i")
    .leftJoin("users as u", "u.id", "i.invitedBy")
    .select(["i.id", "i.email", "i.role", "i.expiresAt", "i.createdAt", "u.name as invitedByName"])
    .where("i.accountId", "=", accountId)
    .where("i.acceptedAt", "is", null)
    .where("i.revokedAt", "is", null)
    .orderBy("i.createdAt", "desc")
    .execute();
}

/** Withdraws the open invitations of an address (a new one replaces them). */
export async function revokeOpenInvitationsOf(
  db: Db,
  accountId: string,
  email: string,
): Promise<void> {
  await db
    .updateTable("accountInvitations")
    .set({ revokedAt: new Date() })
    .where("accountId", "=", accountId)
    .where("email", "=", email)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
}

export async function revokeInvitationRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable("accountInvitations")
    .set({ revokedAt: new Date() })
    .where("accountId", "=", accountId)
    .where("id", "=", id)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("accountInvitations")
    .selectAll()
    .where("tokenHash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks it used, only if it still was open: false when another request used it first. */
export async function markInvitationAccepted(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable("accountInvitations")
    .set({ acceptedAt: new Date(), acceptedBy: userId })
    .where("id", "=", id)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isEmailMemberOf(db: Db, accountId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("accountMembers as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .select("m.userId")
    .where("m.accountId", "=", accountId)
    .where((eb) => eb(eb.fn("lower", ["u.email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** The name the account goes by: the owner's company, else the owner's name. */
export async function findAccountName(db: Db, accountId: string): Promise<string> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.userId", "u.id")
    .select(["u.name", "u.email", "p.company"])
    .where("u.id", "=", accountId)
    .executeTakeFirst();
  return describeAccountName(row ?? { name: "", email: "", company: null });
}

export function describeAccountName(row: {
  name: string;
  email: string;
  company: string | null;
}): string {
  return row.company?.trim() || row.name.trim() || row.email;
}
