import type { DashboardResponse, DeadlineOverview } from "@nk/contract";
import { apiGet } from "../../lib/api-client";

export type { DashboardResponse } from "@nk/contract";

/** GET /api/dashboard: the overview's counters and the 8 newest activities. */
export function fetchDashboard(): Promise<DashboardResponse> {
  return apiGet<DashboardResponse>("/api/dashboard");
}

export const DEADLINES_QUERY_KEY = ["deadlines"] as const;

/** GET /api/deadlines: the § 556 (3) BGB deadline of every billing period and who got the statement (issue 30). */
export function fetchDeadlines(): Promise<DeadlineOverview> {
  return apiGet<DeadlineOverview>("/api/deadlines");
}
