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
  MonthlyInformation,
  MonthlyInformationLetters,
  MonthlyInformationSendBody,
  MonthlyInformationSendResult,
  Reading,
  UpdateMeterBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { propertyMetersKey, usePropertyMeters } from "../../lib/use-property-meters";

// TanStack Query hooks of meters, readings and billing periods (/api/meters, /api/readings,
// /api/billing-periods) and the properties list the meter form and filter need.

const METERS_KEY = ["meters"] as const;
const BILLING_PERIODS_KEY = ["billing-periods"] as const;

export const metersKey = propertyMetersKey;
export const meterKey = (meterId: string) => [...METERS_KEY, "one", meterId] as const;
export const readingsKey = (meterId: string) => [...METERS_KEY, "readings", meterId] as const;
export const billingPeriodKey = (id: string) => [...BILLING_PERIODS_KEY, "one", id] as const;

/** The meters of a property, or of the account without one. */
export const useMeters = usePropertyMeters;

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

// Issue 30, item 2 (decision 1630): the § 6a HeizkV monthly consumption information.
const monthlyInformationKey = (propertyId: string, month: string) => ["monthly-information", propertyId, month] as const;
const monthlyLettersKey = (propertyId: string) => ["monthly-information", propertyId, "letters"] as const;

export function useMonthlyInformation(propertyId: string | undefined, month: string) {
  return useQuery({
    queryKey: monthlyInformationKey(propertyId ?? "", month),
    queryFn: () => apiGet<MonthlyInformation>(`/api/properties/${propertyId}/monthly-information`, { query: { month } }),
    enabled: Boolean(propertyId) && /^\d{4}-\d{2}$/.test(month),
    retry: false,
  });
}

export function useMonthlyInformationLetters(propertyId: string | undefined) {
  return useQuery({
    queryKey: monthlyLettersKey(propertyId ?? ""),
    queryFn: () => apiGet<MonthlyInformationLetters>(`/api/properties/${propertyId}/monthly-information/letters`),
    enabled: Boolean(propertyId),
  });
}

export function useSendMonthlyInformation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => apiPost<MonthlyInformationSendResult>(`/api/properties/${propertyId}/monthly-information/send`, { month } satisfies MonthlyInformationSendBody),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["monthly-information", propertyId] }),
  });
}

/** The letter's address; a plain link downloads it with the session cookie. */
export function getMonthlyLetterUrl(propertyId: string, tenantId: string, month: string): string {
  return `/api/properties/${propertyId}/monthly-information/${tenantId}/pdf?month=${month}`;
}
