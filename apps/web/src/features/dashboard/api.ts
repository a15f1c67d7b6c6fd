import type { Activity } from "@nk/contract";
import { apiGet } from "../../lib/api-client";

export interface DashboardCounters {
  properties: number;
  units: number;
  activeTenants: number;
  pendingStatements: number;
}

/** GET /api/dashboard: the overview's counters and the 8 newest activities. */
export interface DashboardResponse {
  counters: DashboardCounters;
  recentActivities: Activity[];
}

export const DASHBOARD_QUERY_KEY = ["dashboard"] as const;

export function fetchDashboard(): Promise<DashboardResponse> {
  return apiGet<DashboardResponse>("/api/dashboard");
}
