import type { Db } from "../../db/database.ts";

export async function ensureProfile(db: Db, user: { id: string; firstName?: string | null; lastName?: string | null }) {
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

/** 'email' for password accounts, else the social provider the account was created with. */
export async function findAuthProvider(db: Db, userId: string): Promise<string> {
  const accounts = await db.selectFrom("accounts").select("providerId").where("userId", "=", userId).execute();
  if (accounts.some((a) => a.providerId === "credential")) return "email";
  return accounts[0]?.providerId ?? "email";
}
