import type { MeterKind } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import type { ConsumptionInput } from "../types.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import { CONSUMPTION_SPLIT_SCALE, toScaledQuantity } from "./fixed-point.ts";
import type { MeterFiguresIndex } from "./meter-reading-consumption.ts";

/** The consumption values of the input, summed per unit or tenancy and meter kind (10^-9 units). */
export interface ConsumptionIndex {
  /** By meter, then by the unit's index in the input; undefined where the unit has no value. */
  byUnit: Map<MeterKind, (bigint | undefined)[]>;
  byTenancy: Map<string, Map<MeterKind, bigint>>;
  /** The tenancy readings of each line by its position; null when there are none at all. */
  byPosition: (Map<MeterKind, bigint> | undefined)[] | null;
  /** Issue 24: values marked as estimates (§ 9a HeizkV), as "meter:unitIndex" and "meter:tenancyId". */
  estimated: Set<string>;
}

/**
 * Sums the readings per unit (whole period) and per tenancy (intermediate readings). Units are
 * found by their index once per reading, so that the lines later read their values from a
 * list instead of looking every unit up again per meter.
 */
export function indexConsumption(
  readings: readonly ConsumptionInput[],
  unitIndexById: ReadonlyMap<string, number>,
  unitCount: number,
): ConsumptionIndex {
  const byUnit = new Map<MeterKind, (bigint | undefined)[]>();
  const byTenancy = new Map<string, Map<MeterKind, bigint>>();
  const estimated = new Set<string>();
  for (let readingIndex = 0; readingIndex < readings.length; readingIndex += 1) {
    const reading = readings[readingIndex] as ConsumptionInput;
    const value = toScaledQuantity(reading.value);
    if (reading.estimated)
      estimated.add(
        reading.tenancyId
          ? `${reading.meter}:${reading.tenancyId}`
          : `${reading.meter}:${unitIndexById.get(reading.unitId)}`,
      );
    if (reading.tenancyId) {
      let values = byTenancy.get(reading.tenancyId);
      if (!values) {
        values = new Map();
        byTenancy.set(reading.tenancyId, values);
      }
      values.set(reading.meter, (values.get(reading.meter) ?? 0n) + value);
      continue;
    }
    const unitIndex = unitIndexById.get(reading.unitId);
    // The shape check refuses readings of unknown units.
    if (unitIndex === undefined) continue;
    let values = byUnit.get(reading.meter);
    if (!values) {
      values = new Array<bigint | undefined>(unitCount).fill(undefined);
      byUnit.set(reading.meter, values);
    }
    // Several values for the same unit and meter (several meters in one flat) add up.
    values[unitIndex] = (values[unitIndex] ?? 0n) + value;
  }
  return { byUnit, byTenancy, byPosition: null, estimated };
}

/**
 * Finds each line's tenancy readings once, for all meters (lines in position order). Returns
 * the tenancies with readings that have a line.
 */
export function attachTenancyReadings(
  index: ConsumptionIndex,
  lines: readonly BillingLine[],
): Set<string> {
  const found = new Set<string>();
  if (index.byTenancy.size === 0) return found;
  index.byPosition = lines.map((line) => {
    const readings = line.tenancy ? index.byTenancy.get(line.tenancy.id) : undefined;
    if (readings && line.tenancy) found.add(line.tenancy.id);
    return readings;
  });
  return found;
}

/**
 * Returns the time weight of a line for a meter: degree-day weights for heating (§ 9b (2)
 * HeizkV, docs/rules/heating.md#heizkv), days for every other meter (hot water by days, docs/rules/heating.md#heizkv).
 */
export function getConsumptionTimeWeight(line: BillingLine, meter: MeterKind): bigint {
  return meter === "heating" ? line.degreeDayUnits : line.dayUnits;
}

/**
 * The consumption of every line for one meter kind (contract, "What happens", step 3):
 * a tenancy's intermediate reading where given (§ 9b (1) HeizkV); the rest of the unit's
 * value (the unit's value minus those readings) split over the unit's other lines, vacancy
 * included, by the time weights; no value at all counts 0. Returns values by line position
 * in units of 10^-21 (9 quantity decimals plus 12 for the split).
 */
export function calculateLineConsumption(
  units: readonly UnitLines[],
  index: ConsumptionIndex,
  meter: MeterKind,
  lineCount: number,
  warnings: string[],
  meterFigures?: MeterFiguresIndex,
): bigint[] {
  const values: bigint[] = new Array<bigint>(lineCount).fill(0n);
  const isHeating = meter === "heating";
  const unitValues = index.byUnit.get(meter);
  const fromReadings = meterFigures?.get(meter);
  for (let listIndex = 0; listIndex < units.length; listIndex += 1) {
    const { unit, unitIndex, lines } = units[listIndex] as UnitLines;
    // Issue 24: a unit given by meter readings has its lines' values from them.
    const figures = fromReadings?.get(unitIndex);
    if (figures) {
      for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1)
        values[(lines[lineIndex] as BillingLine).position] = figures.values[lineIndex] as bigint;
      continue;
    }
    const unitValue = unitValues ? unitValues[unitIndex] : undefined;
    let ownTotal = 0n;
    // The lines without their own reading ("others") are marked by ownValues[i] === undefined.
    let otherCount = 0;
    let lastOther: BillingLine | undefined;
    let othersWeightTotal = 0n;
    const ownValues = lines.length === 1 ? null : new Array<bigint | undefined>(lines.length);
    for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
      const line = lines[lineIndex] as BillingLine;
      const own = index.byPosition ? index.byPosition[line.position]?.get(meter) : undefined;
      if (ownValues) ownValues[lineIndex] = own;
      if (own !== undefined) {
        values[line.position] = own * CONSUMPTION_SPLIT_SCALE;
        ownTotal += own;
      } else {
        otherCount += 1;
        lastOther = line;
        othersWeightTotal += isHeating ? line.degreeDayUnits : line.dayUnits;
      }
    }
    if (unitValue === undefined || otherCount === 0) continue;
    let rest = ownTotal === 0n ? unitValue : unitValue - ownTotal;
    if (rest < 0n) {
      warnings.push(MESSAGES.intermediateReadingsExceedUnit(unit.id, meter));
      rest = 0n;
    }
    if (rest === 0n || othersWeightTotal === 0n) continue;
    // Split by time weights, rounded down at 21 decimals: lines with equal weights get equal
    // values, so no line wins a tie of the cent rounding by an artefact of this step.
    const scaledRest = rest * CONSUMPTION_SPLIT_SCALE;
    // One line takes the whole rest: floor(rest x t / t) = rest.
    if (otherCount === 1) {
      values[(lastOther as BillingLine).position] = scaledRest;
      continue;
    }
    for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
      if ((ownValues as (bigint | undefined)[])[lineIndex] !== undefined) continue;
      const line = lines[lineIndex] as BillingLine;
      values[line.position] =
        (scaledRest * getConsumptionTimeWeight(line, meter)) / othersWeightTotal;
    }
  }
  return values;
}
