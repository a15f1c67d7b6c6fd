import { describe, expect, it } from "vitest";
import { buildUsageRows, getUsageTone } from "../src/features/settings/lib/usage-rows";

const usage = (units: number) => ({
  currentProperties: 0,
  currentUnits: units,
  currentTenants: 0,
  currentBillingStatements: 0,
  billingStatementsThisMonth: 0,
});

describe("usage display (part 1, section 9)", () => {
  it("colours green below 70 %, yellow from 70 %, red from 90 %", () => {
    expect(getUsageTone(69)).toBe("green");
    expect(getUsageTone(70)).toBe("yellow");
    expect(getUsageTone(89)).toBe("yellow");
    expect(getUsageTone(90)).toBe("red");
  });

  it("caps at 100, shows 0 for unlimited and 100 for a zero limit", () => {
    const limits = { maxProperties: 0, maxUnits: 3, maxTenants: -1, maxBillingStatements: 10 };
    const rows = buildUsageRows({ limits, usage: usage(5) });
    expect(rows.map((r) => [r.label, r.percent])).toEqual([
      ["Immobilien", 100],
      ["Wohneinheiten", 100],
      ["Aktive Mieter", 0],
      ["Abrechnungen", 0],
    ]);
  });
});
