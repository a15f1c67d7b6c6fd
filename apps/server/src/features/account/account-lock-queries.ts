import type { Db } from "../../db/database.ts";

/**
 * Locks the account's user row until the transaction ends (decision 1020). `for no key update`:
 * writes of the same account take turns, while rows that merely reference the account (every
 * insert with its user_id takes a key-share lock) and reads go on. False when the account is gone.
 */
export async function lockAccountRow(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
