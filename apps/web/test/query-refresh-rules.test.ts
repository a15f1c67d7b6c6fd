import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { refreshAfterMeteringChange } from "../src/lib/queries/billing-period-queries";
import {
  billingPeriodKey,
  billingPeriodsKey,
  DASHBOARD_KEY,
  metersKey,
  ratesKey,
  statementListKey,
  statementRunKey,
  TEAM_KEY,
  tenantsKey,
} from "../src/lib/queries/query-keys";
import { refreshAfterStatementChange } from "../src/lib/queries/statement-queries";
import { ME_QUERY_KEY } from "../src/lib/use-me";

// The one refresh rule per write of the shared query layer (decision 1720): which cached answers
// a change makes stale, and which it leaves alone.

const KEYS = {
  me: ME_QUERY_KEY,
  dashboard: DASHBOARD_KEY,
  periods: billingPeriodsKey("p1"),
  period: billingPeriodKey("bp1"),
  meters: metersKey("p1"),
  runs: statementListKey({ sort: "newest" }),
  run: statementRunKey("r1"),
  tenants: tenantsKey("p1"),
  rates: ratesKey(),
  team: TEAM_KEY,
} as const;

/** A client holding an answer for every key, and after `change` the names of the stale ones. */
async function staleAfter(change: (client: QueryClient) => Promise<unknown>): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  await change(client);
  return Object.entries(KEYS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe("the shared query layer's refresh rules", () => {
  it("a change to meters, readings or periods refreshes meters, periods and the dashboard", async () => {
    expect(await staleAfter(refreshAfterMeteringChange)).toEqual(
      ["dashboard", "meters", "period", "periods"].sort(),
    );
  });

  it("a run saved, moved on or deleted refreshes the runs, the periods, the plan usage and the dashboard", async () => {
    expect(await staleAfter(refreshAfterStatementChange)).toEqual(
      ["dashboard", "me", "period", "periods", "run", "runs"].sort(),
    );
  });
});
