import { beforeEach, describe, expect, it, vi } from "vitest";
import type { StatementListItem } from "@nk/contract";
import { ApiError } from "../src/lib/api-error";

// The batch runner of the history alone (docs/rules/statements.md#statuses: chunks of 5 in parallel); the API
// calls are replaced, so the test sees how many run at once and which fail.

const calls: string[] = [];
let running = 0;
let maxRunning = 0;

vi.mock("../src/features/statements/api", () => {
  const step = async (label: string, fail: boolean) => {
    running += 1;
    maxRunning = Math.max(maxRunning, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running -= 1;
    calls.push(label);
    if (fail)
      throw new ApiError({
        status: 400,
        code: "VALIDATION",
        message: "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.",
      });
  };
  return {
    transitionStatementRun: (id: string, body: { to: string }) => step(`${id}:${body.to}`, false),
    finalizeBillingPeriod: (billingPeriodId: string) =>
      step(`${billingPeriodId}:finalize`, billingPeriodId === "period-3"),
    deleteStatementRun: (id: string) => step(`${id}:delete`, false),
  };
});

const { runBatch, BATCH_CHUNK_SIZE } = await import("../src/features/statements/lib/batch-actions");

function item(n: number): StatementListItem {
  return {
    id: `run-${n}`,
    billingPeriodId: `period-${n}`,
    propertyId: "x",
    propertyName: "Haus",
    name: `Abrechnung ${n}`,
    periodStart: "2024-01-01",
    periodEnd: "2024-12-31",
    version: 1,
    isFinal: false,
    isReplaced: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    totalCosts: "100.00",
    balanceSum: "100.00",
    statementCount: 1,
    statuses: ["calculated"],
  };
}

describe("runBatch", () => {
  beforeEach(() => {
    calls.length = 0;
    maxRunning = 0;
  });

  it("finalizes as a single 'Finalisieren' does (saved again from the period, no PDF needed first), five at a time, and lists the failing run without undoing the others", async () => {
    const items = Array.from({ length: 7 }, (_, i) => item(i + 1));
    const result = await runBatch("finalize", items);
    expect(BATCH_CHUNK_SIZE).toBe(5);
    expect(maxRunning).toBe(5);
    expect(result.succeeded).toBe(6);
    expect(result.failures).toEqual([
      {
        id: "run-3",
        name: "Abrechnung 3",
        message: "Bitte hinterlegen Sie zuerst Ihre Abrechnungsdaten in den Einstellungen.",
      },
    ]);
    expect(calls.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `period-${i + 1}:finalize`));
  });

  it("leaves a run that is final already as it is", async () => {
    const result = await runBatch("finalize", [
      { ...item(1), isFinal: true, statuses: ["finalized"] },
    ]);
    expect(result).toEqual({ succeeded: 1, failures: [] });
    expect(calls).toEqual([]);
  });

  it("deletes each selected run", async () => {
    const result = await runBatch("delete", [item(1), item(2)]);
    expect(result).toEqual({ succeeded: 2, failures: [] });
    expect(calls.sort()).toEqual(["run-1:delete", "run-2:delete"]);
  });
});
