import type { Db } from "../../db/database.ts";

/**
 * Locks the account's user row until the transaction ends (decision 1020) and counts up its
 * data version (decision 1741). An update that leaves the key alone takes the same
 * `for no key update` lock as before: writes of the same account take turns, while rows that
 * merely reference the account (every insert with its user_id takes a key-share lock) and reads
 * go on. The version before this write, or null when the account is gone.
 */
export async function lockAccountRow(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .updateTable("users")
    .set((eb) => ({ dataVersion: eb("dataVersion", "+", 1) }))
    .where("id", "=", userId)
    .returning("dataVersion")
    .executeTakeFirst();
  return row === undefined ? null : row.dataVersion - 1;
}

/** The account's data version as committed (no lock): read before a calculation's inputs (decision 1741). */
export async function readAccountDataVersion(db: Db, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom("users")
    .select("dataVersion")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.dataVersion ?? null;
}
