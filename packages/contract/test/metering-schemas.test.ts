import { describe, expect, it } from "vitest";
import {
  buildBillingPeriodName,
  createReadingBodySchema,
  getLatestBillingPeriodEnd,
  rateBodySchema,
} from "../src/index.ts";

describe("billing periods", () => {
  it("names a period with de-DE dates", () => {
    expect(buildBillingPeriodName("2024-01-01", "2024-12-31")).toBe(
      "Abrechnung 01.01.2024 - 31.12.2024",
    );
  });
  it("ends a period at most one year after its start (§ 556 Abs. 3 BGB)", () => {
    expect(getLatestBillingPeriodEnd("2024-01-01")).toBe("2024-12-31");
    expect(getLatestBillingPeriodEnd("2023-07-01")).toBe("2024-06-30");
    expect(getLatestBillingPeriodEnd("2024-02-29")).toBe("2025-02-28");
    expect(getLatestBillingPeriodEnd("2023-03-01")).toBe("2024-02-29");
  });
});

describe("reading body", () => {
  it("keeps the value as exact text", () => {
    expect(
      createReadingBodySchema.parse({ readingValue: "0012.340", readingDate: "2024-01-01" }),
    ).toMatchObject({ readingValue: "0012.340", confirmDecrease: false });
  });
});

describe("rate body", () => {
  const base = { utilityType: "electricity", rateName: "Test", unitPrice: "0.35" };
  it("applies the defaults and clears the property of a global rate", () => {
    const parsed = rateBodySchema.parse({
      ...base,
      propertyId: "7d0f9a1e-1b2c-4d3e-8f40-123456789abc",
    });
    expect(parsed).toMatchObject({
      tariffType: "standard",
      isGlobal: true,
      propertyId: null,
      priority: 100,
      validFrom: null,
      region: "Deutschland",
      basePrice: null,
      tiers: [],
    });
  });
  it("accepts adjacent usage tiers and an open last tier", () => {
    const parsed = rateBodySchema.safeParse({
      ...base,
      tariffType: "tier_based",
      tiers: [
        { tierName: "1", tierType: "usage_tier", from: 0, to: 1000, unitPrice: "0.4" },
        { tierName: "2", tierType: "usage_tier", from: "1000", to: "", unitPrice: "0.3" },
      ],
    });
    expect(parsed.success).toBe(true);
  });
});
