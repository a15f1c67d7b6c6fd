import type { StatementInput } from "../../src/index.ts";

/**
 * An independent reference of the v1.1 allocation for the keys area, persons and units
 * (no CO2): it walks the billing period day by day, finds each unit's tenant of the day, that
 * day's persons (occupant periods first) and time weight (1, or for Heizung the month's
 * degree-day thirds per mille spread over its days), adds them up per line and rounds by
 * largest remainder with exact integer fractions. Written without the engine's modules.
 */
export interface ReferenceLine {
  tenancyId: string | null;
  unitId: string;
  from: string;
  to: string;
  amounts: Map<string, number>;
  labor: Map<string, number>;
}

const DEGREE_DAY_THIRDS = [510, 450, 390, 240, 120, 40, 40, 40, 90, 240, 360, 480];
const DAY_MS = 86_400_000;

const toDay = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
  DAY_MS;
const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const toCents = (amount: string): bigint => BigInt(amount.replace(".", ""));
// Quantities of the generated inputs have at most one decimal: tenths, exactly.
// The generator writes areas as JSON numbers with one decimal; decimal text (decision 1043) reads the same.
const toTenths = (value: number | string): bigint => BigInt(Math.round(Number(value) * 10));

function heatingDayWeight(day: number): bigint {
  const date = new Date(day * DAY_MS);
  const month = date.getUTCMonth();
  const daysInMonth = new Date(Date.UTC(date.getUTCFullYear(), month + 1, 0)).getUTCDate();
  // thirds of a per mille / days of the month, in units of 1 / (3 x 377,580) per mille.
  return BigInt((DEGREE_DAY_THIRDS[month] as number) * (377_580 / daysInMonth));
}

export function calculateReference(input: StatementInput): ReferenceLine[] {
  const start = toDay(input.period.start);
  const end = toDay(input.period.end);
  const lines: (ReferenceLine & { unitIndex: number; days: { day: number; persons: bigint }[] })[] =
    [];
  input.units.forEach((unit, unitIndex) => {
    let current: (typeof lines)[number] | null = null;
    for (let day = start; day <= end; day += 1) {
      const tenancy =
        input.tenancies.find(
          (entry) =>
            entry.unitId === unit.id &&
            toDay(entry.start) <= day &&
            (entry.end === null || entry.end === undefined || toDay(entry.end) >= day),
        ) ?? null;
      const tenancyId = tenancy?.id ?? null;
      if (!current || current.tenancyId !== tenancyId) {
        current = {
          tenancyId,
          unitId: unit.id,
          from: fromDay(day),
          to: fromDay(day),
          amounts: new Map(),
          labor: new Map(),
          unitIndex,
          days: [],
        };
        lines.push(current);
      }
      current.to = fromDay(day);
      let persons = 0n;
      if (tenancy) {
        const occupant = (tenancy.occupants ?? []).find(
          (entry) =>
            toDay(entry.from) <= day &&
            (entry.to === null || entry.to === undefined || toDay(entry.to) >= day),
        );
        persons = toTenths(occupant ? occupant.persons : (tenancy.persons ?? unit.persons ?? 0));
      }
      current.days.push({ day, persons });
    }
  });

  for (const item of input.costItems) {
    const excluded = new Set(item.excludedUnits ?? []);
    const isHeating = item.costType === "Heizung";
    const taking = lines.filter((line) => {
      const unit = input.units[line.unitIndex];
      return (
        unit &&
        !excluded.has(unit.id) &&
        !(item.costType === "Warmwasser" && unit.decentralizedHotWater)
      );
    });
    const weights = taking.map((line) => {
      const unit = input.units[line.unitIndex];
      let weight = 0n;
      for (const { day, persons } of line.days) {
        const time = isHeating ? heatingDayWeight(day) : 1n;
        if (item.key === "area") weight += toTenths(unit?.area ?? 0) * time;
        else if (item.key === "persons") weight += persons * time;
        else weight += time;
      }
      return weight;
    });
    const distribute = (totalCents: bigint): bigint[] => {
      const total = weights.reduce((sum, weight) => sum + weight, 0n);
      const floors = weights.map((weight) => (totalCents * weight) / total);
      const remainders = weights.map((weight) => (totalCents * weight) % total);
      let missing = totalCents - floors.reduce((sum, value) => sum + value, 0n);
      const order = weights
        .map((_, index) => index)
        .sort((a, b) => {
          const byRemainder = (remainders[b] as bigint) - (remainders[a] as bigint);
          if (byRemainder !== 0n) return byRemainder > 0n ? 1 : -1;
          const byShare = (floors[b] as bigint) - (floors[a] as bigint);
          if (byShare !== 0n) return byShare > 0n ? 1 : -1;
          return a - b;
        });
      for (const index of order) {
        if (missing === 0n) break;
        floors[index] = (floors[index] as bigint) + 1n;
        missing -= 1n;
      }
      return floors;
    };
    const cents = distribute(toCents(item.amount));
    const labor =
      item.laborCosts === undefined || item.laborCosts === null
        ? null
        : distribute(toCents(item.laborCosts));
    taking.forEach((line, index) => {
      line.amounts.set(item.costType, Number(cents[index]));
      if (labor) line.labor.set(item.costType, Number(labor[index]));
    });
  }
  return lines.map(({ tenancyId, unitId, from, to, amounts, labor }) => ({
    tenancyId,
    unitId,
    from,
    to,
    amounts,
    labor,
  }));
}
