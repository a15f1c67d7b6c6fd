import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Rate, RateBody, RegionalAverage, UtilityType } from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";

// TanStack Query hooks of the tariffs (/api/rates) and the property choice of a rate.

const RATES_KEY = ["rates"] as const;

export function useRates() {
  return useQuery({ queryKey: [...RATES_KEY, "list"], queryFn: () => apiGet<Rate[]>("/api/rates") });
}

export function fetchRegionalDefaults(utilityType: UtilityType, region: string): Promise<RegionalAverage> {
  return apiGet<RegionalAverage>("/api/rates/regional-defaults", { query: { utilityType, region } });
}

export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RateBody }) => (id ? apiPatch<Rate>(`/api/rates/${id}`, body) : apiPost<Rate>("/api/rates", body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES_KEY }),
  });
}

export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/rates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RATES_KEY }),
  });
}
