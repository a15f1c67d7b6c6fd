import type { Db } from "../../db/database.ts";
import { NotSignedIn } from "../../domain/domain-errors.ts";
import { lockAccountRow } from "./account-lock-queries.ts";

/**
 * One transaction of an account's writes (decision 1020): the account's row is locked first, so
 * every check a service makes inside (the unit has no active tenant, the period is not final,
 * the plan has room, no tenancy shares a day) still holds when the write commits, whichever
 * instance runs the other request. One lock per account, always the first: an account's writes
 * cannot deadlock on each other. An account deleted meanwhile answers 401. Locking counts up
 * the account's data version (decision 1741).
 */
export function inAccountTransaction<T>(
  db: Db,
  userId: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if ((await lockAccountRow(trx, userId)) === null) throw new NotSignedIn();
    return work(trx);
  });
}

/** Thrown by `inAccountTransactionAt` when another write of the account committed since `readVersion`. */
export class AccountDataChanged extends Error {
  constructor() {
    super("account data changed since it was read");
    this.name = "AccountDataChanged";
  }
}

/**
 * An account transaction for work computed outside it (decision 1741): `readVersion` is the
 * data version read before that work's inputs (`readAccountDataVersion`). If any write of the
 * account committed since, the transaction ends before `work` with AccountDataChanged and the
 * caller computes again; otherwise nothing the inputs came from can change until it commits.
 */
export function inAccountTransactionAt<T>(
  db: Db,
  userId: string,
  readVersion: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const lockedVersion = await lockAccountRow(trx, userId);
    if (lockedVersion === null) throw new NotSignedIn();
    if (lockedVersion !== readVersion) throw new AccountDataChanged();
    return work(trx);
  });
}
