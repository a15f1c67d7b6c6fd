import type { MeterKind } from "../constants/domain.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal, ZERO } from "../money/decimal.ts";
import type { ConsumptionInput } from "../types.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";

/** The consumption values of the input, summed per unit or tenancy and meter kind. */
export interface ConsumptionIndex {
  byUnit: Map<string, Map<MeterKind, Decimal>>;
  byTenancy: Map<string, Map<MeterKind, Decimal>>;
}

/** Sums the readings per unit (whole period) and per tenancy (intermediate readings). */
export function indexConsumption(readings: readonly ConsumptionInput[]): ConsumptionIndex {
  const byUnit = new Map<string, Map<MeterKind, Decimal>>();
  const byTenancy = new Map<string, Map<MeterKind, Decimal>>();
  for (const reading of readings) {
    const target = reading.tenancyId ? byTenancy : byUnit;
    const id = reading.tenancyId ?? reading.unitId;
    let values = target.get(id);
    if (!values) {
      values = new Map();
      target.set(id, values);
    }
    // Several values for the same unit and meter (several meters in one flat) add up.
    values.set(reading.meter, (values.get(reading.meter) ?? ZERO).plus(reading.value));
  }
  return { byUnit, byTenancy };
}

/**
 * Returns the time weight of a line for a meter: degree-day weights for heating (§ 9b (2)
 * HeizkV, DECISIONS 3), days for every other meter (hot water by days, DECISIONS 3).
 */
export function getConsumptionTimeWeight(line: BillingLine, meter: MeterKind): Decimal {
  return meter === "heating" ? line.degreeDayThirds : new Decimal(line.days);
}

/**
 * The consumption of every line for one meter kind (contract, "What happens", step 3):
 * a tenancy's intermediate reading where given (§ 9b (1) HeizkV); the rest of the unit's
 * value (the unit's value minus those readings) split over the unit's other lines, vacancy
 * included, by the time weights; no value at all counts 0. Returns values by line position.
 */
export function calculateLineConsumption(
  units: readonly UnitLines[],
  index: ConsumptionIndex,
  meter: MeterKind,
  lineCount: number,
  warnings: string[],
): Decimal[] {
  const values: Decimal[] = new Array<Decimal>(lineCount).fill(ZERO);
  for (const { unit, lines } of units) {
    const unitValue = index.byUnit.get(unit.id)?.get(meter);
    let ownTotal = ZERO;
    const othersPositions: number[] = [];
    const othersWeights: Decimal[] = [];
    let othersWeightTotal = ZERO;
    for (const line of lines) {
      const own = line.tenancy ? index.byTenancy.get(line.tenancy.id)?.get(meter) : undefined;
      if (own !== undefined) {
        values[line.position] = own;
        ownTotal = ownTotal.plus(own);
      } else {
        const weight = getConsumptionTimeWeight(line, meter);
        othersPositions.push(line.position);
        othersWeights.push(weight);
        othersWeightTotal = othersWeightTotal.plus(weight);
      }
    }
    if (unitValue === undefined || othersPositions.length === 0) continue;
    let rest = unitValue.minus(ownTotal);
    if (rest.isNegative()) {
      warnings.push(MESSAGES.intermediateReadingsExceedUnit(unit.id, meter));
      rest = ZERO;
    }
    if (rest.isZero() || othersWeightTotal.isZero()) continue;
    othersPositions.forEach((position, offset) => {
      values[position] = rest.times(othersWeights[offset] as Decimal).dividedBy(othersWeightTotal);
    });
  }
  return values;
}
