import { sql } from "kysely";
import type { ClientErrorReport, ClientMetric } from "@nk/contract";
import type { Db } from "../../db/database.ts";

/** Reports are kept this long (docs/operations.md 'Monitoring'). */
const MONITORING_RETENTION_DAYS = 30;

export async function insertClientErrors(
  db: Db,
  userId: string | null,
  errors: ClientErrorReport[],
): Promise<void> {
  await db
    .insertInto("clientErrors")
    .values(
      errors.map((e) => ({
        userId,
        kind: e.kind,
        message: e.message,
        stack: e.stack ?? null,
        path: e.path ?? null,
        release: e.release ?? null,
        occurredAt: e.occurredAt,
      })),
    )
    .execute();
  await db
    .deleteFrom("clientErrors")
    .where(
      "receivedAt",
      "<",
      sql<Date>`now() - make_interval(days => ${MONITORING_RETENTION_DAYS})`,
    )
    .execute();
}

export async function insertClientMetrics(
  db: Db,
  userId: string | null,
  metrics: ClientMetric[],
): Promise<void> {
  await db
    .insertInto("clientMetrics")
    .values(
      metrics.map((m) => ({
        userId,
        name: m.name,
        value: m.value,
        unit: m.unit,
        path: m.path ?? null,
        release: m.release ?? null,
        occurredAt: m.occurredAt,
      })),
    )
    .execute();
  await db
    .deleteFrom("clientMetrics")
    .where(
      "receivedAt",
      "<",
      sql<Date>`now() - make_interval(days => ${MONITORING_RETENTION_DAYS})`,
    )
    .execute();
}
