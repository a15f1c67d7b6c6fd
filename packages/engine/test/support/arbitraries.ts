import fc from "fast-check";
import type {
  ConsumptionInput,
  CostItemInput,
  DistributionKey,
  MeterKind,
  StatementInput,
  TenancyInput,
  UnitInput,
} from "../../src/index.ts";
import { addDays, countDaysInclusive, formatCents, METER_KINDS } from "../../src/index.ts";

const COST_TYPES = [
  "Heizung",
  "Warmwasser",
  "Kaltwasser",
  "Müllabfuhr",
  "Grundsteuer",
  "Hausmeister",
  "Aufzug",
  "Versicherung",
  "Beleuchtung",
  "Sonstige",
];
const KEYS: DistributionKey[] = ["area", "persons", "units", "consumption", "mixed"];

interface TenancyPlan {
  gapDays: number;
  lengthDays: number | null;
  persons: number | null;
  prepaymentCents: number[];
  ownReadings: { meter: MeterKind; value: number }[];
  occupants: { gapDays: number; lengthDays: number | null; persons: number }[];
}

const tenancyPlan = fc.record({
  gapDays: fc.integer({ min: 0, max: 150 }),
  lengthDays: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
  persons: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
  prepaymentCents: fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 3 }),
  ownReadings: fc.array(
    fc.record({
      meter: fc.constantFrom(...METER_KINDS),
      value: fc.integer({ min: 0, max: 50000 }).map((value) => value / 100),
    }),
    { maxLength: 2 },
  ),
  // Contract v1.1: occupant periods one after the other, possibly reaching outside the tenancy.
  occupants: fc.array(
    fc.record({
      gapDays: fc.integer({ min: 0, max: 200 }),
      lengthDays: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
      persons: fc.integer({ min: 0, max: 8 }),
    }),
    { maxLength: 3 },
  ),
});

const unitPlan = fc.record({
  area: fc.integer({ min: 0, max: 2500 }).map((tenths) => tenths / 10),
  persons: fc.integer({ min: 0, max: 6 }),
  decentralizedHotWater: fc.boolean(),
  tenancies: fc.array(tenancyPlan, { maxLength: 3 }),
  readings: fc.array(
    fc.option(
      fc.integer({ min: 0, max: 100000 }).map((value) => value / 100),
      { nil: null },
    ),
    { minLength: 5, maxLength: 5 },
  ),
});

const itemPlan = fc.record({
  costTypeIndex: fc.nat(),
  amountCents: fc.integer({ min: 0, max: 5_000_000 }),
  key: fc.constantFrom(...KEYS),
  heizkvShare: fc.integer({ min: 50, max: 70 }),
  otherShare: fc.integer({ min: 0, max: 100 }),
  meter: fc.constantFrom(...METER_KINDS),
  excludedMask: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  // Contract v1.1: the labour part in per mille of the amount, and its category.
  laborPerMille: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }),
  taxCategory: fc.option(fc.constantFrom("householdServices", "craftsmen" as const), { nil: null }),
});

const co2Plan = fc.record({
  kind: fc.constantFrom("kwh", "stated-cost", "stated-emissions", "class-only"),
  fraction: fc.integer({ min: 0, max: 1000 }),
  fuel: fc.constantFrom(
    "gas",
    "oil",
    "lpg",
    "coal",
    "wood",
    "pellets",
    "district_heating",
    "other" as const,
  ),
  isUpper: fc.boolean(),
  vatPercent: fc.constantFrom(0, 7, 19),
});

/**
 * Random valid statements: 1-6 units with 0-3 tenancies each (gaps are vacancy), one to
 * eight items of different cost types with random keys, prepayments, readings with and
 * without intermediate readings, and sometimes CO2 data. Unit 0 is rented all period, has
 * area, persons and readings and takes part in everything, so every key has a basis.
 */
export const validStatementInput: fc.Arbitrary<StatementInput> = fc
  .record({
    startOffset: fc.integer({ min: 0, max: 1400 }),
    lengthDays: fc.option(fc.integer({ min: 1, max: 364 }), { nil: null }),
    firstUnitArea: fc.integer({ min: 10, max: 2000 }).map((tenths) => tenths / 10),
    firstUnitPersons: fc.integer({ min: 1, max: 6 }),
    units: fc.array(unitPlan, { maxLength: 5 }),
    items: fc.array(itemPlan, { minLength: 1, maxLength: 8 }),
    efficiencyClass: fc.option(
      fc.constantFrom("A", "B", "C", "D", "E", "F", "G", "H", "I", "J" as const),
      { nil: null },
    ),
    isCommercial: fc.boolean(),
    co2: fc.option(co2Plan, { nil: null }),
  })
  .map((plan) => {
    const start = addDays("2021-01-01", plan.startOffset);
    const end =
      plan.lengthDays === null
        ? addDays(addDays(start, 366), -1)
        : addDays(start, plan.lengthDays - 1);
    // A full year is start + 1 year - 1 day; use the calendar for it.
    const periodEnd = plan.lengthDays === null ? oneYearEnd(start) : end;
    const units: UnitInput[] = [
      { id: "U0", area: plan.firstUnitArea, persons: plan.firstUnitPersons },
    ];
    const tenancies: TenancyInput[] = [
      {
        id: "T0",
        unitId: "U0",
        start: addDays(start, -30),
        end: null,
        prepayments: [{ monthlyAmount: "99.99", validFrom: addDays(start, -30), validUntil: null }],
      },
    ];
    const consumption: ConsumptionInput[] = METER_KINDS.map((meter, index) => ({
      unitId: "U0",
      meter,
      value: 1 + index,
    }));
    plan.units.forEach((unitPlanValue, unitIndex) => {
      const unitId = `U${unitIndex + 1}`;
      units.push({
        id: unitId,
        area: unitPlanValue.area,
        persons: unitPlanValue.persons,
        decentralizedHotWater: unitPlanValue.decentralizedHotWater,
      });
      unitPlanValue.readings.forEach((value, meterIndex) => {
        if (value !== null)
          consumption.push({ unitId, meter: METER_KINDS[meterIndex] as MeterKind, value });
      });
      let cursor = addDays(start, -120);
      for (const [tenancyIndex, tenancy] of unitPlanValue.tenancies.entries()) {
        const tenancyStart = addDays(cursor, tenancy.gapDays);
        const tenancyEnd =
          tenancy.lengthDays === null ? null : addDays(tenancyStart, tenancy.lengthDays - 1);
        const id = `T${unitIndex + 1}-${tenancyIndex}`;
        tenancies.push(buildTenancy(id, unitId, tenancyStart, tenancyEnd, tenancy));
        for (const reading of tenancy.ownReadings)
          consumption.push({ unitId, tenancyId: id, meter: reading.meter, value: reading.value });
        if (tenancyEnd === null) break;
        cursor = addDays(tenancyEnd, 1);
      }
    });
    const usedTypes = new Set<string>();
    const costItems: CostItemInput[] = [];
    for (const item of plan.items) {
      const costType = COST_TYPES[item.costTypeIndex % COST_TYPES.length] as string;
      if (usedTypes.has(costType)) continue;
      usedTypes.add(costType);
      const isHeizkv = costType === "Heizung" || costType === "Warmwasser";
      const excludedUnits = units
        .slice(1)
        .filter((_, index) => item.excludedMask[index])
        .map((unit) => unit.id);
      const costItem: CostItemInput = {
        costType,
        amount: formatCents(item.amountCents + (costItems.length === 0 ? 1 : 0)),
        key: item.key,
        excludedUnits,
      };
      if (item.key === "mixed")
        costItem.consumptionShare = isHeizkv ? item.heizkvShare : item.otherShare;
      if (item.key === "mixed" || item.key === "consumption") costItem.meter = item.meter;
      if (item.laborPerMille !== null) {
        const amountCents = item.amountCents + (costItems.length === 0 ? 1 : 0);
        costItem.laborCosts = formatCents(Math.floor((amountCents * item.laborPerMille) / 1000));
        if (item.taxCategory !== null) costItem.taxCategory = item.taxCategory;
      }
      costItems.push(costItem);
    }
    const input: StatementInput = {
      period: { start, end: periodEnd },
      efficiencyClass: plan.efficiencyClass,
      propertyType: plan.isCommercial ? "commercial" : "residential",
      units,
      tenancies,
      consumption,
      costItems,
    };
    const heatingCents = costItems
      .filter((item) => item.costType === "Heizung" || item.costType === "Warmwasser")
      .reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
    if (plan.co2 && heatingCents > 0) {
      // Keep the landlord's CO2 share below the heating costs (the engine rejects more).
      const budgetCents = Math.floor((heatingCents * plan.co2.fraction) / 1000);
      if (plan.co2.kind === "stated-cost") input.co2 = { cost: formatCents(budgetCents) };
      else if (plan.co2.kind === "stated-emissions")
        input.co2 = {
          emissionsKg: budgetCents / 100 / 0.08,
          pricePerTonne: 60,
          vatPercent: plan.co2.vatPercent,
        };
      else if (plan.co2.kind === "kwh")
        input.co2 = {
          fuel: plan.co2.fuel,
          consumptionKwh: Math.floor(budgetCents / 100 / 0.03),
          heatingValue: plan.co2.isUpper ? "upper" : "lower",
          pricePerTonne: 60,
          vatPercent: plan.co2.vatPercent,
        };
      else input.co2 = {};
    }
    return input;
  });

function oneYearEnd(start: string): string {
  const [year, month, day] = start.split("-").map(Number) as [number, number, number];
  const next = `${String(year + 1).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(month === 2 && day === 29 ? 28 : day).padStart(2, "0")}`;
  return month === 2 && day === 29 ? next : addDays(next, -1);
}

function buildTenancy(
  id: string,
  unitId: string,
  start: string,
  end: string | null,
  plan: TenancyPlan,
): TenancyInput {
  const tenancy: TenancyInput = { id, unitId, start, end, prepayments: [] };
  if (plan.persons !== null) tenancy.persons = plan.persons;
  let occupantCursor = addDays(start, -60);
  for (const occupant of plan.occupants) {
    const from = addDays(occupantCursor, occupant.gapDays);
    const to = occupant.lengthDays === null ? null : addDays(from, occupant.lengthDays - 1);
    (tenancy.occupants ??= []).push({ from, to, persons: occupant.persons });
    if (to === null) break;
    occupantCursor = addDays(to, 1);
  }
  // Consecutive prepayments of 120 days each, the last one open.
  let from = start;
  plan.prepaymentCents.forEach((cents, index) => {
    const isLast = index === plan.prepaymentCents.length - 1;
    const until = isLast ? null : addDays(from, 119);
    tenancy.prepayments?.push({
      monthlyAmount: formatCents(cents),
      validFrom: from,
      validUntil: until,
    });
    if (until) from = addDays(until, 1);
  });
  return tenancy;
}

/** The days of the billing period. */
export function countPeriodDays(input: StatementInput): number {
  return countDaysInclusive(input.period.start, input.period.end);
}
