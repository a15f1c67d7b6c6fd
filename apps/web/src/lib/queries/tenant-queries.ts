import { useQuery } from "@tanstack/react-query";
import type { Tenant } from "@nk/contract";
import { apiGet } from "../api-client";
import { tenantsKey } from "./query-keys";

/** GET /api/tenants: all of the account's tenancies, or one property's. The one tenant list of the app. */
export function useTenants(propertyId: string | undefined, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: tenantsKey(propertyId),
    queryFn: () => apiGet<Tenant[]>("/api/tenants", { query: { propertyId } }),
    enabled: options.isEnabled ?? true,
  });
}
