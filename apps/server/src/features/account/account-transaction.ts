import type { Db } from "../../db/database.ts";
import { NotSignedIn } from "../../domain/domain-errors.ts";
import { lockAccountRow } from "./account-lock-queries.ts";

/**
 * One transaction of an account's writes (decision 1020): the account's row is locked first, so
 * every check a service makes inside (the unit has no active tenant, the period is not final,
 * the plan has room, no tenancy shares a day) still holds when the write commits, whichever
 * instance runs the other request. One lock per account, always the first: an account's writes
 * cannot deadlock on each other. An account deleted meanwhile answers 401.
 */
export function inAccountTransaction<T>(
  db: Db,
  userId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockAccountRow(trx, userId))) throw new NotSignedIn();
    return work(trx);
  });
}
