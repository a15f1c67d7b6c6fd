import { DASHBOARD_RECENT_ACTIVITIES, type DashboardResponse } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { listRecentActivities } from "../activity/activity-queries.ts";
import { countDashboard } from "./dashboard-queries.ts";

/** The overview: the four counters and the latest activities (docs/rules/master-data.md#queries). */
export async function loadDashboard(db: Db, userId: string): Promise<DashboardResponse> {
  const [counters, recentActivities] = await Promise.all([
    countDashboard(db, userId),
    listRecentActivities(db, userId, DASHBOARD_RECENT_ACTIVITIES),
  ]);
  return { counters, recentActivities };
}
