import { formatCents } from "../money/money.ts";
import { formatMicroEuros } from "../money/micro-euros.ts";
import type {
  Allocation,
  LineConsumption,
  OccupancyStretch,
  StatementResult,
  TenancyStatement,
  UnitConsumption,
  VacancyStatement,
} from "../types.ts";
import type { StatementLetterFigures, TenancyLetterFigures } from "./letter-figures.ts";
import type { StoredStatementResult } from "./stored-result.ts";

/**
 * Contract v1.6 (decision 1730, docs/calculation/19-kompaktes-ergebnis.md): the result as it is
 * stored, compactly. The engine's result names every allocation as an object (cost type, key,
 * amount, exact amount, item: about 100 bytes of JSON, 47,471 objects at 2,000 units); stored,
 * an item's allocations are columns of numbers instead, the line's consumption records short
 * tuples, and what follows from the line itself is left out. `expandCompactResult` gives back
 * the engine's result exactly (the same JSON text), and `compactStatementResult` leaves out
 * only what that expansion restores: where a figure has another form than the one the engine
 * writes, it stays as stored text, and a result it cannot reproduce stays whole.
 */
export const COMPACT_RESULT_VERSION = "1.6";

/** Consumption record: meter, value, then method (0 measured, 1 apportioned, 2 partly apportioned) and 1 when estimated. */
export type CompactConsumption =
  | [meter: LineConsumption["meter"], value: string]
  | [meter: LineConsumption["meter"], value: string, method: 0 | 1 | 2]
  | [meter: LineConsumption["meter"], value: string, method: 0 | 1 | 2, estimated: 1];

/** One item's allocations by line (`positions`, ascending; absent when every line has one). */
export interface CompactItemAllocations {
  positions?: number[];
  /** The amount in cents, or its text where the text is not the engine's form. */
  amounts: (number | string)[];
  /** The exact amount in millionths of a euro minus the amount's (a number), or its text. */
  exact: (number | string)[];
  /** The labour part (§ 35a EStG) in cents, where the item has one. */
  laborCosts?: (number | string)[];
  /** The § 12 (1) HeizkV cut in cents; null at lines without one. */
  heizkvReduction?: (number | string | null)[];
  heizkvReductionPercent?: number;
}

/**
 * A tenancy's letter figures (same order as `tenancies`, whose tenancyId it has): the CO2 cost
 * and share in cents, the prepayment runs as first month, number of months, days, days of the
 * month, monthly and total cents, the § 6a heating figures as calculated.
 */
type CompactTenancyLetters = [
  co2: [tenantCost: number, landlordShare: number] | null,
  prepaymentRuns: [
    firstMonth: string,
    monthCount: number,
    days: number | null,
    daysInMonth: number | null,
    monthly: number,
    amount: number,
  ][],
  heating: TenancyLetterFigures["heating"],
];

type CompactLetterFigures = Omit<StatementLetterFigures, "tenancies" | "items"> & {
  items: (Omit<StatementLetterFigures["items"][number], "partAmounts"> & {
    /** Cents where the text is the engine's form. */
    partAmounts: (number | string | null)[][] | null;
  })[];
  tenancies: (CompactTenancyLetters | TenancyLetterFigures)[];
};

type CompactLine<T extends TenancyStatement | VacancyStatement> = Omit<
  T,
  "allocations" | "occupancy" | "consumption"
> & {
  /** Absent: one stretch of the line's own dates, persons, days and degree days. */
  occupancy?: OccupancyStretch[];
  consumption?: (CompactConsumption | LineConsumption)[];
};

export interface CompactStatementResult extends Omit<
  StatementResult,
  "tenancies" | "vacancy" | "unitConsumption" | "letters"
> {
  letters: CompactLetterFigures | null;
  compact: typeof COMPACT_RESULT_VERSION;
  tenancies: CompactLine<TenancyStatement>[];
  vacancy: CompactLine<VacancyStatement>[];
  /** Same order as `items`. */
  allocations: CompactItemAllocations[];
  /** Per meter kind in the result's order: unit id, value, unit id, value, ... */
  unitConsumption?: [meter: UnitConsumption["meter"], unitsAndValues: string[]][];
}

export function isCompactResult(value: unknown): value is CompactStatementResult {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { compact?: unknown }).compact === COMPACT_RESULT_VERSION
  );
}

const METHODS = ["measured", "apportioned", "partlyApportioned"] as const;
const ALLOCATION_KEYS = new Set([
  "costType",
  "amount",
  "key",
  "exactAmount",
  "item",
  "laborCosts",
  "heizkvReduction",
  "amountBeforeReduction",
  "heizkvReductionPercent",
]);
// The engine's forms, without leading zeros: each such text is the one text of its number.
const CENTS_TEXT = /^-?(?:0|[1-9]\d{0,12})\.\d{2}$/;
const MICRO_TEXT = /^(?:0|[1-9]\d{0,8})\.\d{6}$/;

class NotCompactable extends Error {}

/**
 * The result in its stored form (contract v1.6). A result whose allocations the expansion
 * could not give back exactly (not in item order, a field the engine does not write) is
 * returned whole: it is stored as it is, as before.
 */
export function compactStatementResult(
  result: StatementResult,
): CompactStatementResult | StatementResult {
  try {
    return compact(result);
  } catch (error) {
    if (error instanceof NotCompactable) return result;
    throw error;
  }
}

function compact(result: StatementResult): CompactStatementResult {
  const lineCount = result.tenancies.length + result.vacancy.length;
  const columns = result.items.map((): CompactItemAllocations & { positionList: number[] } => ({
    positionList: [],
    amounts: [],
    exact: [],
  }));
  const seenPositions = new Uint8Array(lineCount);
  const compactLine = <T extends TenancyStatement | VacancyStatement>(
    line: T,
    isTenancy: boolean,
  ): CompactLine<T> => {
    const { position } = line;
    if (!Number.isInteger(position) || position < 0 || position >= lineCount)
      throw new NotCompactable();
    if (seenPositions[position] === 1) throw new NotCompactable();
    seenPositions[position] = 1;
    let lastItem = -1;
    for (const allocation of line.allocations) {
      const itemIndex = allocation.item;
      const item = result.items[itemIndex];
      const column = columns[itemIndex];
      if (!item || !column || itemIndex <= lastItem) throw new NotCompactable();
      if (allocation.costType !== item.costType || allocation.key !== item.key)
        throw new NotCompactable();
      for (const key in allocation) if (!ALLOCATION_KEYS.has(key)) throw new NotCompactable();
      lastItem = itemIndex;
      addAllocation(column, allocation, position);
    }
    const compacted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(line)) {
      if (key === "allocations") continue;
      if (key === "occupancy" && isTenancy && isOwnStretch(line, value)) continue;
      if (key === "consumption" && Array.isArray(value)) {
        compacted[key] = (value as LineConsumption[]).map(compactConsumption);
        continue;
      }
      compacted[key] = value;
    }
    // A tenancy without occupancy would read back with one: not the engine's, kept whole.
    if (isTenancy && !("occupancy" in line)) throw new NotCompactable();
    return compacted as CompactLine<T>;
  };
  const tenancies = result.tenancies.map((line) => compactLine(line, true));
  const vacancy = result.vacancy.map((line) => compactLine(line, false));
  const allocations = columns.map(({ positionList, ...column }): CompactItemAllocations => {
    const sorted = positionList.every(
      (position, index) => index === 0 || position > (positionList[index - 1] as number),
    );
    if (!sorted) return reorder(positionList, column);
    return positionList.length === lineCount ? column : { positions: positionList, ...column };
  });
  const out: Record<string, unknown> = { compact: COMPACT_RESULT_VERSION };
  for (const [key, value] of Object.entries(result)) {
    if (key === "tenancies") out[key] = tenancies;
    else if (key === "vacancy") {
      out[key] = vacancy;
      out.allocations = allocations;
    } else if (key === "unitConsumption" && Array.isArray(value))
      out[key] = compactUnitConsumption(value as UnitConsumption[]);
    else if (key === "letters" && value)
      out[key] = compactLetters(result, value as StatementLetterFigures);
    else out[key] = value;
  }
  return out as unknown as CompactStatementResult;
}

const LETTER_TENANCY_KEYS = ["tenancyId", "co2", "prepaymentRuns", "heating"];
const RUN_KEYS = ["months", "days", "daysInMonth", "monthly", "amount"];
const MONTH_TEXT = /^\d{4}-(0[1-9]|1[0-2])$/;

function hasKeys(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, index) => key === keys[index]);
}

function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const number = Number(month.slice(5, 7));
  return number === 12
    ? `${String(year + 1).padStart(4, "0")}-01`
    : `${month.slice(0, 4)}-${String(number + 1).padStart(2, "0")}`;
}

function listMonths(first: string, count: number): string[] {
  const months = [first];
  for (let index = 1; index < count; index += 1)
    months.push(nextMonth(months[index - 1] as string));
  return months;
}

function compactLetters(
  result: StatementResult,
  letters: StatementLetterFigures,
): CompactLetterFigures {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(letters)) {
    if (key === "items")
      out[key] = letters.items.map((item) =>
        item.partAmounts
          ? {
              ...item,
              partAmounts: item.partAmounts.map((amounts) =>
                amounts.map((amount) => (amount === null ? null : (toCents(amount) ?? amount))),
              ),
            }
          : item,
      );
    else if (key === "tenancies")
      out[key] = letters.tenancies.map(
        (figures, index) =>
          compactTenancyLetters(figures, result.tenancies[index]?.tenancyId) ?? figures,
      );
    else out[key] = value;
  }
  return out as CompactLetterFigures;
}

function compactTenancyLetters(
  figures: TenancyLetterFigures,
  tenancyId: string | undefined,
): CompactTenancyLetters | null {
  if (!hasKeys(figures, LETTER_TENANCY_KEYS) || figures.tenancyId !== tenancyId) return null;
  let co2: CompactTenancyLetters[0] = null;
  if (figures.co2) {
    if (!hasKeys(figures.co2, ["tenantCost", "landlordShare"])) return null;
    const tenantCost = toCents(figures.co2.tenantCost);
    const landlordShare = toCents(figures.co2.landlordShare);
    if (tenantCost === null || landlordShare === null) return null;
    co2 = [tenantCost, landlordShare];
  }
  const runs: CompactTenancyLetters[1] = [];
  for (const run of figures.prepaymentRuns) {
    const first = run.months[0];
    const monthly = toCents(run.monthly);
    const amount = toCents(run.amount);
    if (
      !hasKeys(run, RUN_KEYS) ||
      first === undefined ||
      !MONTH_TEXT.test(first) ||
      monthly === null ||
      amount === null ||
      listMonths(first, run.months.length).some((month, index) => month !== run.months[index])
    )
      return null;
    runs.push([first, run.months.length, run.days, run.daysInMonth, monthly, amount]);
  }
  if (figures.heating && !hasKeys(figures.heating, ["consumption", "perM2"])) return null;
  return [co2, runs, figures.heating];
}

function expandLetters(
  letters: CompactLetterFigures,
  tenancies: readonly { tenancyId: string }[],
): StatementLetterFigures {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(letters)) {
    if (key === "items")
      out[key] = letters.items.map((item) =>
        item.partAmounts
          ? {
              ...item,
              partAmounts: item.partAmounts.map((amounts) =>
                amounts.map((amount) => (amount === null ? null : fromCents(amount))),
              ),
            }
          : item,
      );
    else if (key === "tenancies")
      out[key] = letters.tenancies.map((figures, index): TenancyLetterFigures => {
        if (!Array.isArray(figures)) return figures;
        const [co2, runs, heating] = figures;
        const tenancyId = tenancies[index]?.tenancyId;
        if (tenancyId === undefined) throw new Error(`Briefzahlen ohne Mietverhältnis ${index}`);
        return {
          tenancyId,
          co2: co2 ? { tenantCost: formatCents(co2[0]), landlordShare: formatCents(co2[1]) } : null,
          prepaymentRuns: runs.map(([first, count, days, daysInMonth, monthly, amount]) => ({
            months: listMonths(first, count),
            days,
            daysInMonth,
            monthly: formatCents(monthly),
            amount: formatCents(amount),
          })),
          heating,
        };
      });
    else out[key] = value;
  }
  return out as unknown as StatementLetterFigures;
}

// Columns are filled tenancies first, then vacancy lines: the positions sorted, values with them.
function reorder(positions: number[], column: CompactItemAllocations): CompactItemAllocations {
  const order = positions.map((_, index) => index).sort((a, b) => positions[a]! - positions[b]!);
  const pick = <T>(values: T[] | undefined): T[] | undefined =>
    values ? order.map((index) => values[index] as T) : undefined;
  const sorted: CompactItemAllocations = {
    positions: pick(positions) as number[],
    amounts: pick(column.amounts) as (number | string)[],
    exact: pick(column.exact) as (number | string)[],
  };
  if (column.laborCosts) sorted.laborCosts = pick(column.laborCosts);
  if (column.heizkvReduction) sorted.heizkvReduction = pick(column.heizkvReduction);
  if (column.heizkvReductionPercent !== undefined)
    sorted.heizkvReductionPercent = column.heizkvReductionPercent;
  if (sorted.positions?.length === positions.length && isEveryLine(sorted.positions))
    delete sorted.positions;
  return sorted;
}

function isEveryLine(positions: readonly number[]): boolean {
  return positions.every((position, index) => position === index);
}

function addAllocation(
  column: CompactItemAllocations & { positionList: number[] },
  allocation: Allocation,
  position: number,
): void {
  const index = column.positionList.length;
  column.positionList.push(position);
  const cents = toCents(allocation.amount);
  column.amounts.push(cents ?? allocation.amount);
  column.exact.push(toExactDelta(allocation.exactAmount, cents) ?? allocation.exactAmount);
  // Labour parts: on every allocation of an item or on none.
  if (allocation.laborCosts !== undefined) {
    if (index > 0 && !column.laborCosts) throw new NotCompactable();
    column.laborCosts ??= [];
    column.laborCosts.push(toCents(allocation.laborCosts) ?? allocation.laborCosts);
  } else if (column.laborCosts) throw new NotCompactable();
  const cut = allocation.heizkvReduction;
  if (cut === undefined) {
    if (
      allocation.amountBeforeReduction !== undefined ||
      allocation.heizkvReductionPercent !== undefined
    )
      throw new NotCompactable();
    column.heizkvReduction?.push(null);
    return;
  }
  const cutCents = toCents(cut);
  // amountBeforeReduction is amount + cut, and the percent one per item.
  if (
    cents === null ||
    cutCents === null ||
    allocation.amountBeforeReduction !== formatCents(cents + cutCents) ||
    allocation.heizkvReductionPercent === undefined ||
    (column.heizkvReductionPercent !== undefined &&
      column.heizkvReductionPercent !== allocation.heizkvReductionPercent)
  )
    throw new NotCompactable();
  column.heizkvReductionPercent = allocation.heizkvReductionPercent;
  if (!column.heizkvReduction) column.heizkvReduction = new Array<number | null>(index).fill(null);
  column.heizkvReduction.push(cutCents);
}

// Cents of an amount written as the engine writes it ("1234.50"); null for any other text.
function toCents(text: string): number | null {
  if (!CENTS_TEXT.test(text) || text === "-0.00") return null;
  const dot = text.length - 3;
  const whole =
    Number(text.slice(text[0] === "-" ? 1 : 0, dot)) * 100 + Number(text.slice(dot + 1));
  return text[0] === "-" ? -whole : whole;
}

// The exact amount ("144.506837") as millionths of a euro minus the amount's; null for any other text.
function toExactDelta(text: string, cents: number | null): number | null {
  if (cents === null || !MICRO_TEXT.test(text)) return null;
  const dot = text.length - 7;
  return Number(text.slice(0, dot)) * 1e6 + Number(text.slice(dot + 1)) - cents * 10_000;
}

function fromCents(value: number | string): string {
  return typeof value === "number" ? formatCents(value) : value;
}

function isOwnStretch(line: TenancyStatement | VacancyStatement, value: unknown): boolean {
  if (!Array.isArray(value) || value.length !== 1) return false;
  const stretch = value[0] as Record<string, unknown>;
  const own = ownStretch(line as TenancyStatement);
  return (
    Object.keys(stretch).length === 5 &&
    Object.keys(stretch).every((key, index) => key === Object.keys(own)[index]) &&
    stretch.from === own.from &&
    stretch.to === own.to &&
    stretch.persons === own.persons &&
    stretch.days === own.days &&
    stretch.degreeDayPerMille === own.degreeDayPerMille
  );
}

function ownStretch(
  line: Pick<TenancyStatement, "from" | "to" | "persons" | "days" | "degreeDayPerMille">,
): OccupancyStretch {
  return {
    from: line.from,
    to: line.to,
    persons: line.persons,
    days: line.days,
    degreeDayPerMille: line.degreeDayPerMille,
  };
}

const RECORD_KEYS = ["meter", "value", "method", "apportionedBy", "isEstimated", "meters"];

function compactConsumption(record: LineConsumption): CompactConsumption | LineConsumption {
  const keys = Object.keys(record);
  const method = METHODS.indexOf(record.method) as -1 | 0 | 1 | 2;
  if (
    keys.length !== RECORD_KEYS.length ||
    !keys.every((key, index) => key === RECORD_KEYS[index]) ||
    method === -1 ||
    record.apportionedBy !== apportionedBy(record.meter, method) ||
    typeof record.isEstimated !== "boolean" ||
    !Array.isArray(record.meters) ||
    record.meters.length > 0 ||
    typeof record.value !== "string"
  )
    return record;
  if (record.isEstimated) return [record.meter, record.value, method, 1];
  return method === 0 ? [record.meter, record.value] : [record.meter, record.value, method];
}

// Apportioned consumption of heating goes by degree days, any other by days (§ 9b HeizkV).
function apportionedBy(
  meter: LineConsumption["meter"],
  method: 0 | 1 | 2,
): LineConsumption["apportionedBy"] {
  if (method === 0) return null;
  return meter === "heating" ? "degreeDays" : "days";
}

function compactUnitConsumption(
  list: readonly UnitConsumption[],
): CompactStatementResult["unitConsumption"] {
  const groups: [UnitConsumption["meter"], string[]][] = [];
  const done = new Set<string>();
  for (const entry of list) {
    const keys = Object.keys(entry);
    if (keys.length !== 3 || keys[0] !== "unitId" || keys[1] !== "meter" || keys[2] !== "value")
      throw new NotCompactable();
    let group = groups[groups.length - 1];
    if (!group || group[0] !== entry.meter) {
      // Kinds come one after the other; a kind seen before could not be put back in its place.
      if (done.has(entry.meter)) throw new NotCompactable();
      done.add(entry.meter);
      group = [entry.meter, []];
      groups.push(group);
    }
    group[1].push(entry.unitId, entry.value);
  }
  return groups;
}

/**
 * The engine's result from its compact form (contract v1.6), exactly as it was calculated. The
 * stored-run schema (packages/contract) calls it before it checks the result; a value that
 * is not a well-formed compact result throws, and the schema reports it unreadable.
 */
export function expandCompactResult(compacted: CompactStatementResult): StoredStatementResult {
  const lineCount = compacted.tenancies.length + compacted.vacancy.length;
  const byPosition: Allocation[][] = Array.from({ length: lineCount }, () => []);
  compacted.allocations.forEach((column, itemIndex) => {
    const item = compacted.items[itemIndex];
    if (!item) throw new Error(`Zuordnung ohne Kostenart ${itemIndex}`);
    const count = column.amounts.length;
    for (let index = 0; index < count; index += 1) {
      const position = column.positions ? column.positions[index] : index;
      const list = position === undefined ? undefined : byPosition[position];
      if (!list) throw new Error(`Zuordnung ohne Zeile ${String(position)}`);
      const amountValue = column.amounts[index] as number | string;
      const exactValue = column.exact[index] as number | string;
      const allocation: Allocation = {
        costType: item.costType,
        amount: fromCents(amountValue),
        key: item.key,
        exactAmount:
          typeof exactValue === "number" && typeof amountValue === "number"
            ? formatMicroEuros(amountValue * 10_000 + exactValue)
            : String(exactValue),
        item: itemIndex,
      };
      if (column.laborCosts)
        allocation.laborCosts = fromCents(column.laborCosts[index] as number | string);
      const cut = column.heizkvReduction?.[index];
      if (cut !== undefined && cut !== null && typeof amountValue === "number") {
        const cutCents = typeof cut === "number" ? cut : Math.round(Number(cut) * 100);
        allocation.heizkvReduction = fromCents(cut);
        allocation.amountBeforeReduction = formatCents(amountValue + cutCents);
        allocation.heizkvReductionPercent = column.heizkvReductionPercent as number;
      }
      list.push(allocation);
    }
  });
  const expandLine = <T extends TenancyStatement | VacancyStatement>(
    line: CompactLine<T>,
    isTenancy: boolean,
  ): T => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(line)) {
      if (key === "total") out.allocations = byPosition[line.position] ?? [];
      if (key === "consumption" && Array.isArray(value)) {
        out[key] = (value as (CompactConsumption | LineConsumption)[]).map(expandConsumption);
        continue;
      }
      if (key === "personDays" && isTenancy && !("occupancy" in line))
        out.occupancy = [ownStretch(line as unknown as TenancyStatement)];
      out[key] = value;
    }
    if (isTenancy && !("occupancy" in out))
      out.occupancy = [ownStretch(line as unknown as TenancyStatement)];
    return out as T;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(compacted)) {
    if (key === "compact" || key === "allocations") continue;
    if (key === "tenancies")
      out[key] = compacted.tenancies.map((line) => expandLine<TenancyStatement>(line, true));
    else if (key === "vacancy")
      out[key] = compacted.vacancy.map((line) => expandLine<VacancyStatement>(line, false));
    else if (key === "unitConsumption" && Array.isArray(value)) {
      const list: UnitConsumption[] = [];
      for (const [meter, pairs] of compacted.unitConsumption ?? [])
        for (let index = 0; index + 1 < pairs.length; index += 2)
          list.push({ unitId: pairs[index] as string, meter, value: pairs[index + 1] as string });
      out[key] = list;
    } else if (key === "letters" && value)
      out[key] = expandLetters(value as CompactLetterFigures, compacted.tenancies);
    else out[key] = value;
  }
  return out as unknown as StoredStatementResult;
}

function expandConsumption(record: CompactConsumption | LineConsumption): LineConsumption {
  if (!Array.isArray(record)) return record;
  const [meter, value, method = 0, estimated] = record;
  return {
    meter,
    value,
    method: METHODS[method],
    apportionedBy: apportionedBy(meter, method),
    isEstimated: estimated === 1,
    meters: [],
  };
}
