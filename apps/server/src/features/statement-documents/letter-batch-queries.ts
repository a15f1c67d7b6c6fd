import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

// The rows of letter_batches (migration 1310, decision 1084). Every read and write names the
// account: a batch of another account is not found.

const COLUMNS = [
  "id",
  "userId",
  "statementRunId",
  "status",
  "done",
  "total",
  "error",
  "fileKey",
  "fileName",
  "createdAt",
  "finishedAt",
] as const;

export async function insertLetterBatch(
  db: Db,
  values: { userId: string; statementRunId: string; total: number; createdBy: string | null },
) {
  return db.insertInto("letterBatches").values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function findLetterBatch(db: Db, userId: string, batchId: string) {
  return db
    .selectFrom("letterBatches")
    .select(COLUMNS)
    .where("id", "=", batchId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export type LetterBatchRow = NonNullable<Awaited<ReturnType<typeof findLetterBatch>>>;

/** The letters made so far; a batch that finished meanwhile (or was deleted) is left alone. */
export async function recordLetterBatchProgress(
  db: Db,
  userId: string,
  batchId: string,
  progress: { done: number; total: number },
): Promise<void> {
  await db
    .updateTable("letterBatches")
    .set({
      status: "running",
      done: progress.done,
      total: progress.total,
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", batchId)
    .where("userId", "=", userId)
    .where("status", "in", ["queued", "running"])
    .execute();
}

/** False when the batch is gone (its run or account was deleted meanwhile). */
export async function markLetterBatchDone(
  db: Db,
  userId: string,
  batchId: string,
  file: { fileKey: string; fileName: string; total: number },
): Promise<boolean> {
  const result = await db
    .updateTable("letterBatches")
    .set({
      status: "done",
      done: file.total,
      total: file.total,
      fileKey: file.fileKey,
      fileName: file.fileName,
      error: null,
      updatedAt: sql<Date>`now()`,
      finishedAt: sql<Date>`now()`,
    })
    .where("id", "=", batchId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markLetterBatchFailed(
  db: Db,
  userId: string,
  batchId: string,
  error: string,
): Promise<void> {
  await db
    .updateTable("letterBatches")
    .set({ status: "failed", error, updatedAt: sql<Date>`now()`, finishedAt: sql<Date>`now()` })
    .where("id", "=", batchId)
    .where("userId", "=", userId)
    .where("status", "!=", "done")
    .execute();
}

/**
 * Finished batches that the daily pruning removes (decision 1610): finished before `before` and
 * either failed or followed by a later batch of the same run that is done. The newest done
 * batch of every run stays. Across all accounts (the daily job's work); at most `limit` rows.
 */
export async function listPrunableLetterBatches(db: Db, before: Date, limit: number) {
  return db
    .selectFrom("letterBatches as b")
    .select(["b.id", "b.userId", "b.fileKey"])
    .where("b.status", "in", ["done", "failed"])
    .where("b.finishedAt", "<", before)
    .where((eb) =>
      eb.or([
        eb("b.status", "=", "failed"),
        eb.exists(
          eb
            .selectFrom("letterBatches as n")
            .select("n.id")
            .whereRef("n.statementRunId", "=", "b.statementRunId")
            .whereRef("n.userId", "=", "b.userId")
            .where("n.status", "=", "done")
            .whereRef("n.createdAt", ">", "b.createdAt"),
        ),
      ]),
    )
    .orderBy("b.finishedAt")
    .limit(limit)
    .execute();
}

export async function deleteLetterBatch(db: Db, userId: string, batchId: string): Promise<void> {
  await db
    .deleteFrom("letterBatches")
    .where("id", "=", batchId)
    .where("userId", "=", userId)
    .execute();
}
