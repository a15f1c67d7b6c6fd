import {
  STATEMENT_HISTORY_MESSAGES as H,
  STATEMENT_STATUSES,
  type StatementList,
  type StatementStatus,
  type statementListQuerySchema,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { NotFound } from "../../domain/domain-errors.ts";
import { countRuns, findOwnedProperty, listRuns } from "./statement-history-queries.ts";

// GET /api/statements: the history of saved runs (docs/rules/statements.md#history, docs/rules/statements.md#statement-queries; issue 12).

type ListQuery = z.output<typeof statementListQuerySchema>;

function statusesOf(text: string | null): StatementStatus[] {
  const present = new Set((text ?? "").split(","));
  return STATEMENT_STATUSES.filter((status) => present.has(status));
}

export async function listStatementRuns(
  db: Db,
  userId: string,
  query: ListQuery,
): Promise<StatementList> {
  if (query.propertyId && !(await findOwnedProperty(db, userId, query.propertyId)))
    throw new NotFound(H.propertyInvalid);
  const filter = {
    propertyId: query.propertyId,
    status: query.status,
    q: query.q || undefined,
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
  };
  const [total, rows] = [await countRuns(db, userId, filter), await listRuns(db, userId, filter)];
  return {
    total,
    offset: query.offset,
    limit: query.limit,
    items: rows.map((row) => ({
      id: row.id,
      billingPeriodId: row.billingPeriodId,
      propertyId: row.propertyId,
      propertyName: row.propertyName,
      name: row.name,
      periodStart: row.billingPeriodStart,
      periodEnd: row.billingPeriodEnd,
      version: row.version,
      isFinal: row.isFinal,
      isReplaced: row.isReplaced,
      createdAt: row.createdAt.toISOString(),
      totalCosts: row.totalCosts,
      balanceSum: row.balanceSum,
      statementCount: Number(row.statementCount),
      statuses: statusesOf(row.statuses),
    })),
  };
}
