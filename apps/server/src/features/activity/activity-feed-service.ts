import {
  ACTIVITY_STATS_LATEST,
  getTodayInGermany,
  nextCalendarDay,
  startOfGermanDay,
  type ActivityListQuery,
  type ActivityListResponse,
  type ActivityStatsResponse,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { listRecentActivities } from "./activity-queries.ts";
import {
  countActivities,
  countActivitiesSince,
  findMostFrequent,
  listActivities,
  type ActivityFilter,
} from "./activity-feed-queries.ts";

// The activity page (docs/rules/master-data.md#screens, docs/rules/master-data.md#activity). Days are German
// calendar days: 'today' and a 'to' date end at midnight in Germany.

export async function loadActivities(
  db: Db,
  userId: string,
  query: ActivityListQuery,
): Promise<ActivityListResponse> {
  const filter: ActivityFilter = {
    userId,
    from: query.from ? startOfGermanDay(query.from) : null,
    toExclusive: query.to ? startOfGermanDay(nextCalendarDay(query.to)) : null,
    areas: query.areas,
    actions: query.actions,
    search: query.q ? query.q : null,
    actorUserId: query.memberId ?? null,
  };
  const [items, total] = await Promise.all([
    listActivities(db, filter, query),
    countActivities(db, filter),
  ]);
  return { items, total, limit: query.limit, offset: query.offset };
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** Total, today, the last 7 days, this month; this month's most common action and area; the latest 5. */
export async function loadActivityStats(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<ActivityStatsResponse> {
  const today = getTodayInGermany(now);
  const since = {
    today: startOfGermanDay(today),
    week: startOfGermanDay(daysBefore(today, 6)),
    month: startOfGermanDay(`${today.slice(0, 8)}01`),
  };
  const counts = await countActivitiesSince(db, userId, since);
  const action = await findMostFrequent(db, userId, "action", since.month);
  const area = await findMostFrequent(db, userId, "entityType", since.month);
  return {
    total: counts.total,
    today: counts.today,
    thisWeek: counts.week,
    thisMonth: counts.month,
    mostCommonAction: action ? { action: action.value, count: action.count } : null,
    mostActiveArea: area ? { entityType: area.value, count: area.count } : null,
    latest: await listRecentActivities(db, userId, ACTIVITY_STATS_LATEST),
  };
}
