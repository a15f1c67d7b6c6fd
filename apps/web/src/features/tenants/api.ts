import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  CreateTenantBody,
  MoveOutBody,
  OccupancyChangeBody,
  OccupancyPeriod,
  Prepayment,
  PrepaymentBody,
  PrepaymentWriteResponse,
  Tenant,
  UpdatePrepaymentBody,
  UpdateTenantBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { PROPERTIES_QUERY_KEY } from "../../lib/use-properties";
import { invalidateMe } from "../../lib/use-me";
import { DASHBOARD_KEY, TENANTS_KEY } from "../../lib/queries/query-keys";

// TanStack Query hooks of the tenants area (/api/tenants, /api/prepayments, /api/occupants)
// and the properties list it needs for the unit choice and the filter.

/** Keys of other screens whose figures a tenant change alters (dashboard counters, unit badges). */
const DEPENDENT_QUERY_KEYS = [DASHBOARD_KEY, PROPERTIES_QUERY_KEY] as const;

const prepaymentsKey = (tenantId: string) => [...TENANTS_KEY, "prepayments", tenantId] as const;
const occupancyKey = (tenantId: string) => [...TENANTS_KEY, "occupancy", tenantId] as const;

/** After a tenant change: the lists, the usage counters (plan limit) and dependent screens. */
async function refreshAfterTenantChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TENANTS_KEY }),
    invalidateMe(queryClient),
    ...DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => apiPost<Tenant>("/api/tenants", body),
    onSuccess: () => refreshAfterTenantChange(queryClient),
  });
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTenantBody }) =>
      apiPatch<Tenant>(`/api/tenants/${id}`, body),
    onSuccess: () => refreshAfterTenantChange(queryClient),
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/tenants/${id}`),
    onSuccess: () => refreshAfterTenantChange(queryClient),
  });
}

/** Moved out (is_active false, move-out date today) or active again (move-out date cleared). */
export function useChangeTenantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive, body }: { id: string; isActive: boolean; body?: MoveOutBody }) =>
      isActive
        ? apiPost<Tenant>(`/api/tenants/${id}/move-in`)
        : apiPost<Tenant>(`/api/tenants/${id}/move-out`, body ?? {}),
    onSuccess: () => refreshAfterTenantChange(queryClient),
  });
}

export function usePrepayments(tenantId: string | undefined) {
  return useQuery({
    queryKey: prepaymentsKey(tenantId ?? ""),
    queryFn: () => apiGet<Prepayment[]>(`/api/tenants/${tenantId}/prepayments`),
    enabled: Boolean(tenantId),
  });
}

function useRefreshPrepayments(tenantId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: prepaymentsKey(tenantId) }),
      queryClient.invalidateQueries({ queryKey: [...TENANTS_KEY, "list"] }),
    ]);
}

export function useCreatePrepayment(tenantId: string) {
  const refresh = useRefreshPrepayments(tenantId);
  return useMutation({
    mutationFn: (body: PrepaymentBody) =>
      apiPost<PrepaymentWriteResponse>(`/api/tenants/${tenantId}/prepayments`, body),
    onSuccess: refresh,
  });
}

export function useUpdatePrepayment(tenantId: string) {
  const refresh = useRefreshPrepayments(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePrepaymentBody }) =>
      apiPatch<PrepaymentWriteResponse>(`/api/prepayments/${id}`, body),
    onSuccess: refresh,
  });
}

/** 'Löschen' deactivates the prepayment. */
export function useDeactivatePrepayment(tenantId: string) {
  const refresh = useRefreshPrepayments(tenantId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<Prepayment>(`/api/prepayments/${id}`),
    onSuccess: refresh,
  });
}

export function useOccupancy(tenantId: string | undefined) {
  return useQuery({
    queryKey: occupancyKey(tenantId ?? ""),
    queryFn: () => apiGet<OccupancyPeriod[]>(`/api/tenants/${tenantId}/occupants`),
    enabled: Boolean(tenantId),
  });
}

/** Occupancy writes answer the tenant's periods afterwards; they replace the cached list. */
function useOccupancyMutation<TInput>(
  tenantId: string,
  request: (input: TInput) => Promise<OccupancyPeriod[]>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (periods) => {
      queryClient.setQueryData(occupancyKey(tenantId), periods);
      await queryClient.invalidateQueries({ queryKey: [...TENANTS_KEY, "list"] });
    },
  });
}

export function useRecordOccupancyChange(tenantId: string) {
  return useOccupancyMutation(tenantId, (body: OccupancyChangeBody) =>
    apiPost<OccupancyPeriod[]>(`/api/tenants/${tenantId}/occupants`, body),
  );
}

export function useRemoveOccupancyPeriod(tenantId: string) {
  return useOccupancyMutation(tenantId, (periodId: string) =>
    apiDelete<OccupancyPeriod[]>(`/api/occupants/${periodId}`),
  );
}
