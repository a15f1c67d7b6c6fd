import { useQuery } from "@tanstack/react-query";
import type { Meter } from "@nk/contract";
import { apiGet } from "./api-client";

/**
 * The meters of one property (GET /api/meters?propertyId=), shared by the meters pages and the
 * statement wizard's § 5 HeizkV warning (issue 30). The key is the one the meters feature
 * invalidates after a change (features/meters/api.ts `metersKey`).
 */
export const propertyMetersKey = (propertyId?: string) => ["meters", "list", propertyId ?? "all"] as const;

export function usePropertyMeters(propertyId: string | undefined, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: propertyMetersKey(propertyId),
    queryFn: () => apiGet<Meter[]>("/api/meters", { query: { propertyId } }),
    enabled: options.isEnabled ?? true,
  });
}
