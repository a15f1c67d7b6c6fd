import type { AccountExport } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import type { FileStorage } from "../../files/file-storage.ts";
import type { Logger } from "../../lib/logger.ts";
import { pdfKeys } from "../statement-documents/snapshot-letter-source.ts";
import { logActivity } from "../activity/activity-log.ts";
import { deleteAccountRows, readAccountTables } from "./account-data-queries.ts";
import { findUser } from "./user-queries.ts";
import { inAccountTransaction } from "./account-transaction.ts";

/** GET /api/export: the account's data in full (docs/rules/accounts-and-plans.md#account-data, Art. 20 DSGVO), as JSON. */
export async function exportAccount(db: Db, userId: string): Promise<AccountExport> {
  return db.transaction().execute(async (trx) => {
    await logActivity(trx, { userId, key: "system.export", entityId: userId });
    const user = await findUser(trx, userId);
    return {
      format: "nebenkosten-export-v1" as const,
      exportedAt: new Date().toISOString(),
      account: {
        id: user.id,
        email: user.email,
        name: user.name,
        createdAt: new Date(user.createdAt).toISOString(),
      },
      tables: await readAccountTables(trx, userId),
    };
  });
}

/**
 * DELETE /api/account: every row of the account in one transaction (docs/rules/accounts-and-plans.md#account-data, Art. 17 DSGVO),
 * then its stored PDFs. The files go only after the rows are gone for good (a rolled-back delete
 * keeps its letters); a storage that fails then is logged with the folder for the operator to
 * clear, and does not undo or hold up the deletion the user asked for.
 */
export async function deleteAccount(
  deps: { db: Db; files: FileStorage; logger: Logger },
  userId: string,
): Promise<void> {
  // The account's lock first: a write of the account still running finishes before the rows go.
  await inAccountTransaction(deps.db, userId, async (trx) => {
    const user = await findUser(trx, userId);
    await deleteAccountRows(trx, { id: user.id, email: user.email });
  });
  const folder = pdfKeys.accountFolder(userId);
  try {
    await deps.files.deleteFolder(folder);
  } catch (error) {
    deps.logger.error("account.files_delete_failed", {
      userId,
      folder,
      storage: deps.files.kind,
      message: (error as Error).message,
    });
  }
}
