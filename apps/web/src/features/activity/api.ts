import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  ACTIVITY_OVERVIEW_COUNT,
  type ActivityFeedPageSize,
  type ActivityListResponse,
  type ActivityStatsResponse,
} from "@nk/contract";
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
    memberId: filters.memberId || undefined,
  };
}

/** The feed: `pageSize` entries (20, 50, 100 or 200), 'Mehr anzeigen' loads as many again from the server. */
export function useActivityFeed(filters: ActivityFilters, pageSize: ActivityFeedPageSize) {
  return useInfiniteQuery({
    queryKey: [...ACTIVITIES_KEY, "feed", filters, pageSize],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiGet<ActivityListResponse>("/api/activities", {
        query: { ...toQuery(filters), limit: pageSize, offset: pageParam },
      }),
    getNextPageParam: (last) =>
      last.offset + last.items.length < last.total ? last.offset + last.items.length : undefined,
  });
}

export function useRecentActivities() {
  return useQuery({
    queryKey: [...ACTIVITIES_KEY, "recent"],
    queryFn: () =>
      apiGet<ActivityListResponse>("/api/activities", {
        query: { limit: ACTIVITY_OVERVIEW_COUNT },
      }),
  });
}

export function useActivityStats() {
  return useQuery({
    queryKey: [...ACTIVITIES_KEY, "stats"],
    queryFn: () => apiGet<ActivityStatsResponse>("/api/activities/stats"),
  });
}
