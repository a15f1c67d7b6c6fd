import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Rate, RateBody, RegionalAverage, UtilityType } from "@nk/contract";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { RATES_KEY } from "../../lib/queries/query-keys";

// TanStack Query hooks of the tariffs (/api/rates) and the property choice of a rate.

export function fetchRegionalDefaults(
  utilityType: UtilityType,
  region: string,
): Promise<RegionalAverage> {
  return apiGet<RegionalAverage>("/api/rates/regional-defaults", {
    query: { utilityType, region },
  });
}

export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RateBody }) =>
      id ? apiPatch<Rate>(`/api/rates/${id}`, body) : apiPost<Rate>("/api/rates", body),
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
