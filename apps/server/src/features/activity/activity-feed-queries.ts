import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { ACTIVITY_COLUMNS, toActivity } from "./activity-queries.ts";

export interface ActivityFilter {
  userId: string;
  from: Date | null;
  /** Exclusive: the start of the day after the 'to' date. */
  toExclusive: Date | null;
  areas: string[];
  actions: string[];
  search: string | null;
  /** Only what this member did (issue 29). */
  actorUserId: string | null;
}

/** docs/rules/master-data.md#activity: '%' and '_' in the search text are matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function applyFilter(filter: ActivityFilter) {
  return (eb: ExpressionBuilder<Database, "userActivities">) => {
    const conditions = [eb("userActivities.userId", "=", filter.userId)];
    if (filter.actorUserId)
      conditions.push(eb("userActivities.actorUserId", "=", filter.actorUserId));
    if (filter.from) conditions.push(eb("userActivities.createdAt", ">=", filter.from));
    if (filter.toExclusive)
      conditions.push(eb("userActivities.createdAt", "<", filter.toExclusive));
    if (filter.areas.length > 0) conditions.push(eb("entityType", "in", filter.areas));
    if (filter.actions.length > 0) conditions.push(eb("action", "in", filter.actions));
    if (filter.search) {
      const pattern = likePattern(filter.search.toLowerCase());
      conditions.push(
        eb.or([
          eb(sql`lower(description)`, "like", pattern),
          eb(sql`lower(coalesce(entity_name, ''))`, "like", pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export async function listActivities(
  db: Db,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .selectFrom("userActivities")
    .leftJoin("users as actor", "actor.id", "userActivities.actorUserId")
    .select([...ACTIVITY_COLUMNS, "actor.name as actorName"])
    .where(applyFilter(filter))
    .orderBy("userActivities.createdAt", "desc")
    .orderBy("userActivities.seq", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toActivity);
}

export async function countActivities(db: Db, filter: ActivityFilter): Promise<number> {
  const row = await db
    .selectFrom("userActivities")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(applyFilter(filter))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts since each instant (total, today, 7 days, month) in one query. */
export async function countActivitiesSince(
  db: Db,
  userId: string,
  since: { today: Date; week: Date; month: Date },
) {
  const row = await db
    .selectFrom("userActivities")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      eb.fn.count<number>(eb.case().when("createdAt", ">=", since.today).then(1).end()).as("today"),
      eb.fn.count<number>(eb.case().when("createdAt", ">=", since.week).then(1).end()).as("week"),
      eb.fn.count<number>(eb.case().when("createdAt", ">=", since.month).then(1).end()).as("month"),
    ])
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    today: Number(row.today),
    week: Number(row.week),
    month: Number(row.month),
  };
}

/** The most frequent value of a column since an instant; ties go to the alphabetically first. */
export async function findMostFrequent(
  db: Db,
  userId: string,
  column: "action" | "entityType",
  since: Date,
) {
  const row = await db
    .selectFrom("userActivities")
    .select((eb) => [eb.ref(column).as("value"), eb.fn.countAll<number>().as("n")])
    .where("userId", "=", userId)
    .where("createdAt", ">=", since)
    .groupBy(column)
    .orderBy("n", "desc")
    .orderBy(column)
    .limit(1)
    .executeTakeFirst();
  return row ? { value: String(row.value), count: Number(row.n) } : null;
}
