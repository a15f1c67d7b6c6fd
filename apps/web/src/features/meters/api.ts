import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BulkReadingsBody,
  BulkReadingsResponse,
  CreateMeterBody,
  CreateReadingBody,
  Meter,
  Reading,
  UpdateMeterBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { refreshAfterMeteringChange } from "../../lib/queries/billing-period-queries";
import { METERS_KEY } from "../../lib/queries/query-keys";

// TanStack Query hooks of meters and readings (/api/meters, /api/readings); billing periods come
// from the shared layer (lib/queries/billing-period-queries.ts), with the one refresh rule.


export const metersKey = (propertyId?: string) => [...METERS_KEY, "list", propertyId ?? "all"] as const;
export const meterKey = (meterId: string) => [...METERS_KEY, "one", meterId] as const;
export const readingsKey = (meterId: string) => [...METERS_KEY, "readings", meterId] as const;

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

export function useCreateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMeterBody) => apiPost<Meter>("/api/meters", body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

export function useUpdateMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateMeterBody }) => apiPatch<Meter>(`/api/meters/${id}`, body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

export function useDeleteMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/meters/${id}`),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

export function useAddReading(meterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReadingBody) => apiPost<Reading>(`/api/meters/${meterId}/readings`, body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

export function useDeleteReading() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readingId: string) => apiDelete(`/api/readings/${readingId}`),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

export function useSaveBulkReadings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkReadingsBody) => apiPost<BulkReadingsResponse>("/api/readings/bulk", body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}
