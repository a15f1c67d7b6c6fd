import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ACTIVITY_OVERVIEW_COUNT, ACTIVITY_PAGE_SIZE, type ActivityListResponse, type ActivityStatsResponse } from "@nk/contract";
import { apiGet } from "../../lib/api-client";
import type { ActivityFilters } from "./lib/activity-filters";

const ACTIVITIES_KEY = ["activities"] as const;

function toQuery(filters: ActivityFilters) {
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    areas: filters.areas.length > 0 ? filters.areas.join(",") : undefined,
    actions: filters.actions.length > 0 ? filters.actions.join(",") : undefined,
    q: filters.q.trim() || undefined,
  };
}

/** The feed: 20 entries, 'Mehr anzeigen' loads the next 20 from the server. */
export function useActivityFeed(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: [...ACTIVITIES_KEY, "feed", filters],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiGet<ActivityListResponse>("/api/activities", { query: { ...toQuery(filters), limit: ACTIVITY_PAGE_SIZE, offset: pageParam } }),
    getNextPageParam: (last) => (last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined),
  });
}

export function useRecentActivities() {
  return useQuery({
    queryKey: [...ACTIVITIES_KEY, "recent"],
    queryFn: () => apiGet<ActivityListResponse>("/api/activities", { query: { limit: ACTIVITY_OVERVIEW_COUNT } }),
  });
}

export function useActivityStats() {
  return useQuery({ queryKey: [...ACTIVITIES_KEY, "stats"], queryFn: () => apiGet<ActivityStatsResponse>("/api/activities/stats") });
}
