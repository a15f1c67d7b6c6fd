import { sql } from "kysely";
import type { AssignableRole, MemberRole } from "@nk/contract";
import type { Db } from "../../db/database.ts";

// Issue 29, item 4 (decision 1171): the api_keys rows. Every read is scoped by the account.

export interface NewApiKey {
  accountId: string;
  userId: string;
  name: string;
  role: AssignableRole;
  tokenHash: string;
  tokenPrefix: string;
  expiresOn: string | null;
}

export async function insertApiKey(db: Db, key: NewApiKey): Promise<string> {
  const row = await db.insertInto("apiKeys").values(key).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** The account's keys, newest first, with the name of the member who created each. */
export async function listApiKeysOfAccount(db: Db, accountId: string) {
  return db
    .selectFrom("apiKeys as k")
    .innerJoin("users as u", "u.id", "k.userId")
    .leftJoin("profiles as p", "p.userId", "k.userId")
    .select([
      "k.id",
      "k.name",
      "k.role",
      "k.tokenPrefix",
      "k.expiresOn",
      "k.lastUsedAt",
      "k.revokedAt",
      "k.createdAt",
      "u.name as userName",
      "u.email",
      "p.firstName",
      "p.lastName",
    ])
    .where("k.accountId", "=", accountId)
    .orderBy("k.createdAt", "desc")
    .orderBy("k.id")
    .execute();
}

/** Marks a key of the account revoked; false when the account has no such open key. */
export async function revokeApiKeyRow(
  db: Db,
  accountId: string,
  id: string,
): Promise<{ name: string } | undefined> {
  return db
    .updateTable("apiKeys")
    .set({ revokedAt: new Date() })
    .where("accountId", "=", accountId)
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .returning("name")
    .executeTakeFirst();
}

export interface ApiKeyForRequest {
  id: string;
  accountId: string;
  keyRole: AssignableRole;
  expiresOn: string | null;
  revokedAt: Date | null;
  /** The member's current role in the key's account; null when they no longer belong to it. */
  memberRole: MemberRole | null;
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image: string | null;
    createdAt: Date;
    updatedAt: Date;
  };
}

/** The key of a secret's hash with its member's current role and user row. */
export async function findApiKeyByHash(
  db: Db,
  tokenHash: string,
): Promise<ApiKeyForRequest | undefined> {
  const row = await db
    .selectFrom("apiKeys as k")
    .innerJoin("users as u", "u.id", "k.userId")
    .leftJoin("accountMembers as m", (join) =>
      join.onRef("m.accountId", "=", "k.accountId").onRef("m.userId", "=", "k.userId"),
    )
    .select([
      "k.id",
      "k.accountId",
      "k.role as keyRole",
      "k.expiresOn",
      "k.revokedAt",
      "m.role as memberRole",
      "u.id as userId",
      "u.name",
      "u.email",
      "u.emailVerified",
      "u.image",
      "u.createdAt",
      "u.updatedAt",
    ])
    .where("k.tokenHash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    accountId: row.accountId,
    keyRole: row.keyRole,
    expiresOn: row.expiresOn,
    revokedAt: row.revokedAt,
    memberRole: row.memberRole,
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      image: row.image,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    },
  };
}

/** Notes the key's use, at most once a minute (the list shows "last used"; no write per request). */
export async function touchApiKey(db: Db, id: string): Promise<void> {
  await db
    .updateTable("apiKeys")
    .set({ lastUsedAt: new Date() })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("lastUsedAt", "is", null),
        eb("lastUsedAt", "<", sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
