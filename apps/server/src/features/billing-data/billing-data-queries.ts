import type { BillingDataFields } from "@nk/contract";
import type { Db } from "../../db/database.ts";

const COLUMNS = [
  "companyName",
  "firstName",
  "lastName",
  "phone",
  "street",
  "houseNumber",
  "postalCode",
  "city",
  "iban",
  "bic",
  "bankName",
  "updatedAt",
] as const;

export async function findBillingData(db: Db, userId: string) {
  return db
    .selectFrom("billingData")
    .select(COLUMNS)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

/** One row per account: written whole. */
export async function upsertBillingData(
  db: Db,
  userId: string,
  values: BillingDataFields,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto("billingData")
    .values({ userId, ...values, updatedAt: now })
    .onConflict((oc) => oc.column("userId").doUpdateSet({ ...values, updatedAt: now }))
    .execute();
}
