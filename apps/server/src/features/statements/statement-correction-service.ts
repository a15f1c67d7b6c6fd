import { STATEMENT_HISTORY_MESSAGES as H, type StatementCorrection } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { logActivity } from "../activity/activity-log.ts";
import {
  findRunForTransition,
  findRunSnapshotRow,
  insertCorrection,
  reopenPeriod,
} from "./statement-history-queries.ts";
import { findLatestSnapshotOfPeriod } from "./statement-run-queries.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";

// Corrections (docs/rules/statements.md#saved-runs; issue 12): a finalized run never changes; a change is version n+1,
// a draft with the inputs of version n. Finalizing it shows version n as 'ersetzt'; both stay
// readable. Corrections do not count against the plan's statement limit (version 1 only).

/** POST /api/statements/:id/corrections */
export async function createCorrection(
  db: Db,
  userId: string,
  statementRunId: string,
): Promise<StatementCorrection> {
  requireResourceId(statementRunId, H.notFound);
  return inAccountTransaction(db, userId, async (trx) => {
    const run = await findRunForTransition(trx, userId, statementRunId);
    if (!run) throw new NotFound(H.notFound);
    if (!run.isFinal) throw new Conflict(H.correctionOnlyFinal, { code: "STATEMENT_NOT_FINAL" });
    const latest = await findLatestSnapshotOfPeriod(trx, userId, run.billingPeriodId);
    if (latest && latest.id !== run.id)
      throw new Conflict(H.correctionNotLatest, { code: "CORRECTION_EXISTS" });
    const source = await findRunSnapshotRow(trx, userId, run.id);
    if (!source) throw new NotFound(H.notFound);
    const id = await insertCorrection(trx, userId, source);
    await reopenPeriod(trx, userId, run.billingPeriodId);
    await logActivity(trx, {
      userId,
      key: "statement.correction_created",
      entityId: id,
      entityName: run.name,
      description: `Korrektur angelegt: ${run.name} (Version ${source.version + 1})`,
      metadata: {
        replacesId: run.id,
        version: source.version + 1,
        billingPeriodId: run.billingPeriodId,
      },
    });
    return {
      id,
      billingPeriodId: run.billingPeriodId,
      version: source.version + 1,
      replacesId: run.id,
    };
  });
}
