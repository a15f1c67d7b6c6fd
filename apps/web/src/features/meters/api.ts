import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  BillingPeriod,
  BillingPeriodDetail,
  BulkReadingsBody,
  BulkReadingsResponse,
  CreateBillingPeriodBody,
  CreateMeterBody,
  CreateReadingBody,
  Meter,
  Reading,
  UpdateMeterBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";

// TanStack Query hooks of meters, readings and billing periods (/api/meters, /api/readings,
// /api/billing-periods) and the properties list the meter form and filter need.

const METERS_KEY = ["meters"] as const;
const BILLING_PERIODS_KEY = ["billing-periods"] as const;

export const metersKey = (propertyId?: string) => [...METERS_KEY, "list", propertyId ?? "all"] as const;
export const meterKey = (meterId: string) => [...METERS_KEY, "one", meterId] as const;
export const readingsKey = (meterId: string) => [...METERS_KEY, "readings", meterId] as const;
export const billingPeriodKey = (id: string) => [...BILLING_PERIODS_KEY, "one", id] as const;

export function useMeters(propertyId: string | undefined, options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: metersKey(propertyId),
    queryFn: () => apiGet<Meter[]>("/api/meters", { query: { propertyId } }),
    enabled: options.isEnabled ?? true,
  });
}

export function useMeter(meterId: string) {
  return useQuery({ queryKey: meterKey(meterId), queryFn: () => apiGet<Meter>(`/api/meters/${meterId}`), retry: false });
}

export function useReadings(meterId: string) {
  return useQuery({ queryKey: readingsKey(meterId), queryFn: () => apiGet<Reading[]>(`/api/meters/${meterId}/readings`), retry: false });
}

/** Meters, readings and periods show each other's figures (latest reading, reading counts). */
function refreshMetering(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: METERS_KEY }),
    queryClient.invalidateQueries({ queryKey: BILLING_PERIODS_KEY }),
    queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  ]);
}

export function useCreateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeterBody) => apiPost<Meter>("/api/meters", body),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useUpdateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMeterBody }) => apiPatch<Meter>(`/api/meters/${id}`, body),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useDeleteMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/meters/${id}`),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useAddReading(meterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReadingBody) => apiPost<Reading>(`/api/meters/${meterId}/readings`, body),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readingId: string) => apiDelete(`/api/readings/${readingId}`),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useBillingPeriods() {
  return useQuery({ queryKey: [...BILLING_PERIODS_KEY, "list"], queryFn: () => apiGet<BillingPeriod[]>("/api/billing-periods") });
}

export function useBillingPeriod(id: string | undefined) {
  return useQuery({
    queryKey: billingPeriodKey(id ?? "none"),
    queryFn: () => apiGet<BillingPeriodDetail>(`/api/billing-periods/${id}`),
    enabled: Boolean(id),
  });
}

export function useCreateBillingPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBillingPeriodBody) => apiPost<BillingPeriodDetail>("/api/billing-periods", body),
    onSuccess: () => refreshMetering(queryClient),
  });
}

export function useSaveBulkReadings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkReadingsBody) => apiPost<BulkReadingsResponse>("/api/readings/bulk", body),
    onSuccess: () => refreshMetering(queryClient),
  });
}
