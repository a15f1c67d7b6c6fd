import { useQuery } from "@tanstack/react-query";
import type { Meter } from "@nk/contract";
import { apiGet } from "../api-client";
import { metersKey } from "./query-keys";

/**
 * GET /api/meters: the meters of one property, or of the account without one. Shared by the
 * meters pages and the statement wizard's § 5 HeizkV warning (issue 30); a change to meters
 * refreshes it by the one rule (billing-period-queries.ts `refreshAfterMeteringChange`).
 */
export function useMeters(propertyId: string | undefined, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: metersKey(propertyId),
    queryFn: () => apiGet<Meter[]>("/api/meters", { query: { propertyId } }),
    enabled: options.isEnabled ?? true,
  });
}
