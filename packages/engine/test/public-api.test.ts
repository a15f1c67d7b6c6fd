import { describe, expect, it } from "vitest";
import * as engine from "../src/index.ts";

describe("public API of @nk/engine", () => {
  it("exports the statement, the building blocks, the constants and the messages", () => {
    const functions = [
      "calculateStatement",
      "validateStatementInputShape",
      "checkStatementRules",
      "degreeDayWeight",
      "proratePrepayments",
      "calculateCo2Split",
      "calculateCo2EmissionsKg",
      "getCo2StageByKgPerM2",
      "getCo2StageByClass",
      "splitCombinedHeatingFuel",
      "calculateRateCost",
      "pricePerKwh",
      "classifyEfficiencyByKwhPerM2",
      "analyzeConsumption",
      "allocateCentsByLargestRemainder",
      "isDistributionKey",
      "isHeizkvCostType",
      "countDaysInclusive",
      "addDays",
      "isLeapYear",
      "getDaysInMonth",
      "formatCents",
      "parseMoneyToCents",
      // Issue 24, item 12 (decision 1160): the § 6a (3) HeizkV annual information of a letter.
      "computeAnnualInformation",
      // Issue 32: the same for every tenancy of a run, with the run's own figures worked out once.
      "prepareAnnualInformation",
      // Decision 1043: the preview's analysis and figures.
      "analyzeStatementHeating",
      "buildPreviewFigures",
      "calculateSharePercent",
      // Contract v1.6 (decision 1730): the stored, compact form of a result.
      "compactStatementResult",
      "expandCompactResult",
      "isCompactResult",
    ] as const;
    for (const name of functions) expect(typeof engine[name], name).toBe("function");
    expect(engine.CO2_STAGES).toHaveLength(10);
    expect(Object.keys(engine.EMISSION_FACTORS)).toEqual([
      "gas",
      "oil",
      "lpg",
      "coal",
      "wood",
      "pellets",
      "district_heating",
      "other",
    ]);
    expect(engine.CO2_PRICE_BY_YEAR[2024]).toBe(45);
    expect(engine.DEGREE_DAY_PER_MILLE[1]).toBe(170);
    expect(engine.DISTRIBUTION_KEYS).toEqual([
      "area",
      "persons",
      "units",
      "consumption",
      "mixed",
      "direct",
    ]);
    expect(engine.METER_KINDS).toEqual(["heating", "warmwater", "coldwater", "electricity", "gas"]);
    expect(engine.COST_TYPES).toContain("Heizung");
    expect(engine.COST_TYPES).toContain("Sach- und Haftpflichtversicherung");
    expect(new Set(engine.COST_TYPES).size).toBe(engine.COST_TYPES.length);
    expect(engine.MESSAGES.heizkvViolation(80)).toBe(
      "HeizkV-Verstoß: Verbrauchsanteil 80% liegt außerhalb 50-70%",
    );
    expect(engine.MESSAGES.keyMissing("Aufzug")).toBe(
      "Verteilungsschlüssel fehlt für Kostenart Aufzug",
    );
    // Contract v1.1.
    expect(engine.TAX_CATEGORIES).toEqual(["householdServices", "craftsmen"]);
    expect(engine.DEFAULT_TAX_CATEGORY).toBe("householdServices");
    expect(engine.MESSAGES.occupantPeriodsOverlap("t1")).toBe(
      'Belegungszeiträume des Mietverhältnisses "t1" überschneiden sich',
    );
    // Issue 30: the deadline overview and the reminders.
    for (const name of [
      "getStatementDeadline",
      "isAfterStatementDeadline",
      "describePeriodDeadline",
      "getDueReminderDays",
      "countDaysUntil",
    ] as const) {
      expect(typeof engine[name], name).toBe("function");
    }
    expect(engine.DEADLINE_REMINDER_DAYS).toEqual([90, 30, 7]);
    expect(engine.DEADLINE_RISK_WINDOW_DAYS).toBe(60);
    expect(typeof engine.proposeMonthlyPrepayment).toBe("function");
    expect(engine.PREPAYMENT_ROUNDINGS).toEqual(["euro", "five_euros"]);
    // Issue 30, item 1 (decision 1630): remote reading (§ 5 HeizkV) and the 3 % cut.
    for (const name of [
      "describeRemoteReadingDuty",
      "getRemoteReadingRequiredFrom",
      "isHeizkvMeterType",
      "isRemoteReadingMissingInPeriod",
    ] as const) {
      expect(typeof engine[name], name).toBe("function");
    }
    expect(engine.REMOTE_READING_RETROFIT_DEADLINE).toBe("2026-12-31");
    expect(engine.REMOTE_READING_NEW_DEVICES_FROM).toBe("2021-12-01");
    expect(engine.HEIZKV_METER_TYPES).toEqual([
      "Heizkostenverteiler",
      "Warmwasserzähler",
      "Wärmemengenzähler",
    ]);
    expect(engine.HEIZKV_REMOTE_READING_CUT_PERCENT).toBe(3);
    for (const name of [
      "computeMonthlyInformation",
      "getPreviousMonth",
      "getLastDayOfMonth",
    ] as const)
      expect(typeof engine[name], name).toBe("function");
    expect(engine.MESSAGES.laborCostsOutOfRange("Hausmeister")).toBe(
      "Lohnanteil von Hausmeister liegt nicht zwischen 0 und dem Betrag",
    );
  });
});
