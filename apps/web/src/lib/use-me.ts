import { useQuery, type QueryClient } from "@tanstack/react-query";
import type { FeatureKey, LimitedResource, MeResponse, Permission } from "@nk/contract";
import { apiGet } from "./api-client";
import { canCreateResource, hasPlanFeature } from "./plan-access";

/** TanStack Query key of GET /api/me. Invalidate it after anything that changes usage. */
export const ME_QUERY_KEY = ["me"] as const;

/** GET /api/me. A 401 rejects without the global redirect: the guard decides what to do. */
export function fetchMe(): Promise<MeResponse> {
  return apiGet<MeResponse>("/api/me", { isUnauthorizedRedirect: false });
}

/**
 * The signed-in account: user, profile, subscription, limits, usage and feature flags.
 * `canCreate(resource)` is false while the data is not loaded (creation is denied then).
 */
export function useMe() {
  const query = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, retry: false });
  const me = query.data;
  return {
    ...query,
    me,
    user: me?.user,
    profile: me?.profile,
    subscription: me?.subscription,
    limits: me?.limits,
    usage: me?.usage,
    features: me?.features,
    canCreate: (resource: LimitedResource) => canCreateResource(me, resource),
    hasFeature: (feature: FeatureKey) => hasPlanFeature(me, feature),
    /** Whether the member's role allows the action (issue 29); false while loading. The server checks again. */
    can: (permission: Permission) => me?.account.permissions.includes(permission) ?? false,
  };
}

/** Refetches /api/me (usage counters) after a create or delete. */
export function invalidateMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}
