import { useMutation, useQuery } from "@tanstack/react-query";
import type { ContactRequestBody, OperatorInfo } from "@nk/contract";
import { apiGet, apiPost } from "../../lib/api-client";

/** The operator's details for /impressum and /datenschutz (public). */
export function useOperatorInfo() {
  return useQuery({
    queryKey: ["operator"],
    queryFn: () => apiGet<OperatorInfo>("/api/operator"),
    staleTime: Infinity,
  });
}

export function useSubmitContact() {
  return useMutation({
    mutationFn: (body: ContactRequestBody) => apiPost<{ message: string }>("/api/contact", body),
  });
}
