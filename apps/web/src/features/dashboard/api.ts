import type { DashboardResponse } from "@nk/contract";
import { apiGet } from "../../lib/api-client";

export type { DashboardResponse } from "@nk/contract";

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

/** GET /api/dashboard: the overview's counters and the 8 newest activities. */
export function fetchDashboard(): Promise<DashboardResponse> {
  return apiGet<DashboardResponse>("/api/dashboard");
}
