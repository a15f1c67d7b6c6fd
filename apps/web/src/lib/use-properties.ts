import { useQuery } from "@tanstack/react-query";
import type { PropertyWithUnits } from "@nk/contract";
import { apiGet } from "./api-client";

/** The one cache key of the property list; a feature that changes properties or units invalidates it. */
export const PROPERTIES_QUERY_KEY = ["properties"] as const;

/** GET /api/properties: newest first, with units, unit count and total area. Shared by every feature. */
export function useProperties() {
  return useQuery({
    queryKey: PROPERTIES_QUERY_KEY,
    queryFn: () => apiGet<PropertyWithUnits[]>("/api/properties"),
  });
}
