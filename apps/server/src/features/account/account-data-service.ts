import type { AccountExport } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { logActivity } from "../activity/activity-log.ts";
import { deleteAccountRows, readAccountTables } from "./account-data-queries.ts";
import { findUser } from "./user-queries.ts";

/** GET /api/export: the account's data in full (DECISIONS 7, Art. 20 DSGVO), as JSON. */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport> {
  return db.transaction().execute(async (trx) => {
    await logActivity(trx, { userId, key: "system.export", entityId: userId });
    const user = await findUser(trx, userId);
    return {
      format: "nebenkosten-export-v1" as const,
      exportedAt: new Date().toISOString(),
      account: { id: user.id, email: user.email, name: user.name, createdAt: new Date(user.createdAt).toISOString() },
      tables: await readAccountTables(trx, userId),
    };
  });
}

/** DELETE /api/account: every row of the account in one transaction (DECISIONS 7, Art. 17 DSGVO). */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUser(trx, userId);
    await deleteAccountRows(trx, { id: user.id, email: user.email });
  });
}
