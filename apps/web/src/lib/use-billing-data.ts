import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BillingDataBody, BillingDataResponse } from "@nk/contract";
import { apiGet, apiPut } from "./api-client";

// The billing data (the letters' sender): the settings tab and the dialog the statement pages
// open when a finalize or a letter is refused without them (issue 27).

const BILLING_DATA_KEY = ["billing-data"] as const;

export function useBillingData() {
  return useQuery({
    queryKey: BILLING_DATA_KEY,
    queryFn: () => apiGet<BillingDataResponse>("/api/billing-data"),
  });
}

export function useSaveBillingData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingDataBody) => apiPut<BillingDataResponse>("/api/billing-data", body),
    onSuccess: (data) => queryClient.setQueryData(BILLING_DATA_KEY, data),
  });
}
