import { describe, expect, it } from "vitest";
import { suggestBillingPeriod } from "../src/index.ts";

describe("suggestBillingPeriod (issue 27)", () => {
  it("follows the property's newest period", () => {
    const periods = [
      { billingPeriodStart: "2022-01-01", billingPeriodEnd: "2022-12-31" },
      { billingPeriodStart: "2023-01-01", billingPeriodEnd: "2023-12-31" },
    ];
    expect(suggestBillingPeriod(periods, "2026-11-28")).toEqual({
      start: "2024-01-01",
      end: "2024-12-31",
    });
    // A business year from July: the next one of the same length.
    expect(
      suggestBillingPeriod(
        [{ billingPeriodStart: "2023-07-01", billingPeriodEnd: "2024-06-30" }],
        "2026-11-28",
      ),
    ).toEqual({ start: "2024-07-01", end: "2025-06-30" });
  });

  it("takes the previous calendar year without periods; never the newest period's dates again", () => {
    expect(suggestBillingPeriod([], "2026-11-28")).toEqual({
      start: "2025-01-01",
      end: "2025-12-31",
    });
    expect(
      suggestBillingPeriod(
        [{ billingPeriodStart: "2025-01-01", billingPeriodEnd: "2025-12-31" }],
        "2026-11-28",
      ),
    ).toEqual({ start: "2026-01-01", end: "2026-12-31" });
  });
});
