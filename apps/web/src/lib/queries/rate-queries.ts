import { useQuery } from "@tanstack/react-query";
import type { Rate } from "@nk/contract";
import { apiGet } from "../api-client";
import { ratesKey } from "./query-keys";

/** GET /api/rates: the account's tariffs (the tariffs page and the statement wizard). */
export function useRates() {
  return useQuery({ queryKey: ratesKey(), queryFn: () => apiGet<Rate[]>("/api/rates") });
}
