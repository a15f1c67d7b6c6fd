import { keepPreviousData, useQuery, type QueryClient } from "@tanstack/react-query";
import type { StatementList, StatementListQuery } from "@nk/contract";
import { apiGet } from "../api-client";
import { invalidateMe } from "../use-me";
import { BILLING_PERIODS_KEY, DASHBOARD_KEY, STATEMENTS_KEY, statementListKey } from "./query-keys";

/**
 * The one rule after a run is saved, finalized, moved on, corrected or deleted: the runs and
 * their lists, the periods (which show their run), the plan usage and the dashboard.
 */
export function refreshAfterStatementChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    invalidateMe(queryClient),
    queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: BILLING_PERIODS_KEY }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
  ]);
}

/**
 * GET /api/statements: one page of the saved runs (the history of issue 12, the imports page's
 * results export), the previous page kept while the next loads.
 */
export function useStatementList(query: StatementListQuery) {
  return useQuery({
    queryKey: statementListKey(query),
    queryFn: () => apiGet<StatementList>("/api/statements", { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}
