import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BulkReadingsBody,
  BulkReadingsResponse,
  CreateMeterBody,
  CreateReadingBody,
  Meter,
  MonthlyInformation,
  MonthlyInformationLetters,
  MonthlyInformationMarkPostedBody,
  MonthlyInformationMarkPostedResult,
  MonthlyInformationSendBody,
  MonthlyInformationSendResult,
  MonthlyInformationSettings,
  MonthlyInformationSettingsBody,
  Reading,
  UpdateMeterBody,
} from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from "../../lib/api-client";
import { refreshAfterMeteringChange } from "../../lib/queries/billing-period-queries";
import { METERS_KEY } from "../../lib/queries/query-keys";

// TanStack Query hooks of meters and readings (/api/meters, /api/readings); billing periods come
// from the shared layer (lib/queries/billing-period-queries.ts), with the one refresh rule.

const meterKey = (meterId: string) => [...METERS_KEY, "one", meterId] as const;
const readingsKey = (meterId: string) => [...METERS_KEY, "readings", meterId] as const;

export function useMeter(meterId: string) {
  return useQuery({
    queryKey: meterKey(meterId),
    queryFn: () => apiGet<Meter>(`/api/meters/${meterId}`),
    retry: false,
  });
}

export function useReadings(meterId: string) {
  return useQuery({
    queryKey: readingsKey(meterId),
    queryFn: () => apiGet<Reading[]>(`/api/meters/${meterId}/readings`),
    retry: false,
  });
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
    mutationFn: ({ id, body }: { id: string; body: UpdateMeterBody }) =>
      apiPatch<Meter>(`/api/meters/${id}`, body),
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
    mutationFn: (body: CreateReadingBody) =>
      apiPost<Reading>(`/api/meters/${meterId}/readings`, body),
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
    mutationFn: (body: BulkReadingsBody) =>
      apiPost<BulkReadingsResponse>("/api/readings/bulk", body),
    onSuccess: () => refreshAfterMeteringChange(queryClient),
  });
}

// Issue 30, item 2 (decision 1630): the § 6a HeizkV monthly consumption information.
const monthlyInformationKey = (propertyId: string, month: string) =>
  ["monthly-information", propertyId, month] as const;
const monthlyLettersKey = (propertyId: string) =>
  ["monthly-information", propertyId, "letters"] as const;

export function useMonthlyInformation(propertyId: string | undefined, month: string) {
  return useQuery({
    queryKey: monthlyInformationKey(propertyId ?? "", month),
    queryFn: () =>
      apiGet<MonthlyInformation>(`/api/properties/${propertyId}/monthly-information`, {
        query: { month },
      }),
    enabled: Boolean(propertyId) && /^\d{4}-\d{2}$/.test(month),
    retry: false,
  });
}

export function useMonthlyInformationLetters(propertyId: string | undefined) {
  return useQuery({
    queryKey: monthlyLettersKey(propertyId ?? ""),
    queryFn: () =>
      apiGet<MonthlyInformationLetters>(
        `/api/properties/${propertyId}/monthly-information/letters`,
      ),
    enabled: Boolean(propertyId),
  });
}

export function useSendMonthlyInformation(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) =>
      apiPost<MonthlyInformationSendResult>(
        `/api/properties/${propertyId}/monthly-information/send`,
        { month } satisfies MonthlyInformationSendBody,
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ["monthly-information", propertyId] }),
  });
}

/** Decision 1690: the tenants without an address are recorded as informed by post. */
export function useMarkMonthlyInformationPosted(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MonthlyInformationMarkPostedBody) =>
      apiPost<MonthlyInformationMarkPostedResult>(
        `/api/properties/${propertyId}/monthly-information/mark-posted`,
        body,
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ["monthly-information", propertyId] }),
  });
}

const MONTHLY_SETTINGS_KEY = ["monthly-information-settings"] as const;

/** Decision 1690: whether the information goes out by itself each month, and from which day. */
export function useMonthlyInformationSettings() {
  return useQuery({
    queryKey: MONTHLY_SETTINGS_KEY,
    queryFn: () => apiGet<MonthlyInformationSettings>("/api/monthly-information/settings"),
  });
}

export function useSaveMonthlyInformationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MonthlyInformationSettingsBody) =>
      apiPut<MonthlyInformationSettings>("/api/monthly-information/settings", body),
    onSuccess: (data) => queryClient.setQueryData(MONTHLY_SETTINGS_KEY, data),
  });
}

/** The letters of the tenants without an address in one PDF to print (decision 1690). */
export function getMonthlyPrintUrl(propertyId: string, month: string): string {
  return `/api/properties/${propertyId}/monthly-information/print?month=${month}`;
}

/** The letter's address; a plain link downloads it with the session cookie. */
export function getMonthlyLetterUrl(propertyId: string, tenantId: string, month: string): string {
  return `/api/properties/${propertyId}/monthly-information/${tenantId}/pdf?month=${month}`;
}
