import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

export async function ensureProfile(
  db: Db,
  user: { id: string; firstName?: string | null; lastName?: string | null },
) {
  await db
    .insertInto("profiles")
    .values({
      userId: user.id,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      company: null,
      phone: null,
      billingName: null,
      billingPhone: null,
      street: null,
      postalCode: null,
      city: null,
      iban: null,
      bic: null,
      bank: null,
      updatedAt: new Date(),
    })
    .onConflict((oc) => oc.column("userId").doNothing())
    .execute();
  return db
    .selectFrom("profiles")
    .select(["firstName", "lastName", "company", "phone", "profileComplete"])
    .where("userId", "=", user.id)
    .executeTakeFirstOrThrow();
}

export async function updateProfile(
  db: Db,
  userId: string,
  values: { firstName: string; lastName: string; company: string | null; phone: string | null },
) {
  await db
    .updateTable("profiles")
    .set({ ...values, profileComplete: true, updatedAt: new Date() })
    .where("userId", "=", userId)
    .execute();
}

/**
 * What /api/me needs besides the subscription and the usage, in one query (issue 19): the
 * profile (null when the account has none yet), the provider the account signs in with
 * ('email' for a password), and the number of its sessions.
 */
export async function readMeFacts(db: Db, userId: string) {
  const row = await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.userId", "users.id")
    .where("users.id", "=", userId)
    .select([
      "profiles.userId as profileUserId",
      "profiles.firstName",
      "profiles.lastName",
      "profiles.company",
      "profiles.phone",
      "profiles.profileComplete",
    ])
    .select((eb) => [
      eb
        .selectFrom("sessions")
        .whereRef("sessions.userId", "=", "users.id")
        .select(eb.fn.countAll<number>().as("n"))
        .as("sessionCount"),
      eb
        .selectFrom("accounts")
        .whereRef("accounts.userId", "=", "users.id")
        .select("accounts.providerId")
        .orderBy(sql`accounts.provider_id = 'credential'`, "desc")
        .limit(1)
        .as("providerId"),
    ])
    .executeTakeFirstOrThrow();
  const profile =
    row.profileUserId === null
      ? null
      : {
          firstName: row.firstName,
          lastName: row.lastName,
          company: row.company,
          phone: row.phone,
          profileComplete: Boolean(row.profileComplete),
        };
  const authProvider =
    !row.providerId || row.providerId === "credential" ? "email" : row.providerId;
  return { profile, authProvider, sessionCount: Number(row.sessionCount ?? 0) };
}
