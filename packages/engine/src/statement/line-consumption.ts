import type { MeterKind } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import type { ConsumptionInput } from "../types.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import { CONSUMPTION_SPLIT_SCALE, toScaledQuantity } from "./fixed-point.ts";

/** The consumption values of the input, summed per unit or tenancy and meter kind (10^-9 units). */
export interface ConsumptionIndex {
  byUnit: Map<string, Map<MeterKind, bigint>>;
  byTenancy: Map<string, Map<MeterKind, bigint>>;
}

/** Sums the readings per unit (whole period) and per tenancy (intermediate readings). */
export function indexConsumption(readings: readonly ConsumptionInput[]): ConsumptionIndex {
  const byUnit = new Map<string, Map<MeterKind, bigint>>();
  const byTenancy = new Map<string, Map<MeterKind, bigint>>();
  for (const reading of readings) {
    const target = reading.tenancyId ? byTenancy : byUnit;
    const id = reading.tenancyId ?? reading.unitId;
    let values = target.get(id);
    if (!values) {
      values = new Map();
      target.set(id, values);
    }
    // Several values for the same unit and meter (several meters in one flat) add up.
    values.set(reading.meter, (values.get(reading.meter) ?? 0n) + toScaledQuantity(reading.value));
  }
  return { byUnit, byTenancy };
}

/**
 * Returns the time weight of a line for a meter: degree-day weights for heating (§ 9b (2)
 * HeizkV, DECISIONS 3), days for every other meter (hot water by days, DECISIONS 3).
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
): bigint[] {
  const values: bigint[] = new Array<bigint>(lineCount).fill(0n);
  for (const { unit, lines } of units) {
    const unitValue = index.byUnit.get(unit.id)?.get(meter);
    let ownTotal = 0n;
    const others: BillingLine[] = [];
    let othersWeightTotal = 0n;
    for (const line of lines) {
      const own = line.tenancy ? index.byTenancy.get(line.tenancy.id)?.get(meter) : undefined;
      if (own !== undefined) {
        values[line.position] = own * CONSUMPTION_SPLIT_SCALE;
        ownTotal += own;
      } else {
        others.push(line);
        othersWeightTotal += getConsumptionTimeWeight(line, meter);
      }
    }
    if (unitValue === undefined || others.length === 0) continue;
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
    if (others.length === 1) {
      values[(others[0] as BillingLine).position] = scaledRest;
      continue;
    }
    for (const line of others) {
      values[line.position] = (scaledRest * getConsumptionTimeWeight(line, meter)) / othersWeightTotal;
    }
  }
  return values;
}
