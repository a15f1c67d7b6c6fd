import { METER_KINDS, type MeterKind } from "../constants/domain.ts";
import type { LineConsumption, UnitConsumption } from "../types.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import {
  CONSUMPTION_SPLIT_SCALE,
  formatScaledQuantityText,
  QUANTITY_SCALE,
} from "./fixed-point.ts";
import type { ConsumptionIndex } from "./line-consumption.ts";
import type { MeterFiguresIndex } from "./meter-reading-consumption.ts";

// Issue 24, items 3 to 5: what each line's consumption is and how it came about (measured
// between its own readings, or apportioned by degree days or days under § 9b (3) HeizkV), and
// each unit's consumption once, for the letters, the preview and the consumption analysis.

const LINE_SCALE = QUANTITY_SCALE * CONSUMPTION_SPLIT_SCALE;

export interface ConsumptionRecords {
  /** By line position; undefined for lines of units without any consumption value. */
  byPosition: (LineConsumption[] | undefined)[];
  unitTotals: UnitConsumption[];
}

/** The meter kinds the input has values or readings for, in the contract's order. */
function presentKinds(index: ConsumptionIndex, meterFigures: MeterFiguresIndex): MeterKind[] {
  const kinds = new Set<MeterKind>([...index.byUnit.keys(), ...meterFigures.keys()]);
  for (const values of index.byTenancy.values()) for (const kind of values.keys()) kinds.add(kind);
  return METER_KINDS.filter((kind) => kinds.has(kind));
}

export function describeLineConsumption(
  units: readonly UnitLines[],
  index: ConsumptionIndex,
  meterFigures: MeterFiguresIndex,
  getConsumption: (meter: MeterKind) => bigint[],
  lineCount: number,
): ConsumptionRecords {
  const byPosition = new Array<LineConsumption[] | undefined>(lineCount);
  const unitTotals: UnitConsumption[] = [];
  const kinds = presentKinds(index, meterFigures);
  for (const kind of kinds) {
    const values = getConsumption(kind);
    const apportionedBy = kind === "heating" ? "degreeDays" : "days";
    const unitValues = index.byUnit.get(kind);
    const figuresByUnit = meterFigures.get(kind);
    for (const { unit, unitIndex, lines } of units) {
      const figures = figuresByUnit?.get(unitIndex);
      const unitValue = unitValues ? unitValues[unitIndex] : undefined;
      const ownCount = countOwnValues(index, lines, kind);
      if (!figures && unitValue === undefined && ownCount === 0) continue;
      const otherCount = lines.length - ownCount;
      let total = 0n;
      let text = "";
      // Plain loops without a list or closure per unit: 2,000 units x 5 meter kinds.
      for (let lineIndex = 0; lineIndex < lines.length; lineIndex += 1) {
        const line = lines[lineIndex] as BillingLine;
        const value = values[line.position] as bigint;
        total += value;
        text = formatScaledQuantityText(value, LINE_SCALE);
        let record: LineConsumption;
        if (figures) {
          const isApportioned = figures.isApportioned[lineIndex] === true;
          const isMeasured = figures.isMeasured[lineIndex] === true;
          record = {
            meter: kind,
            value: text,
            method: isApportioned ? (isMeasured ? "partlyApportioned" : "apportioned") : "measured",
            apportionedBy: isApportioned ? apportionedBy : null,
            isEstimated: figures.isEstimated[lineIndex] === true,
            meters: figures.meters[lineIndex] ?? [],
          };
        } else {
          const isOwn = getOwnValue(index, line, kind) !== undefined;
          // The only line without its own value takes the unit's value (or its rest) whole.
          const isApportioned = !isOwn && otherCount > 1;
          // Most inputs have no estimate: no key to build per line and meter kind then.
          const isEstimated =
            index.estimated.size > 0 &&
            index.estimated.has(
              isOwn && line.tenancy ? `${kind}:${line.tenancy.id}` : `${kind}:${unitIndex}`,
            );
          record = {
            meter: kind,
            value: text,
            method: isApportioned ? "apportioned" : "measured",
            apportionedBy: isApportioned ? apportionedBy : null,
            isEstimated,
            meters: [],
          };
        }
        const list = byPosition[line.position];
        if (list) list.push(record);
        else byPosition[line.position] = [record];
      }
      unitTotals.push({
        unitId: unit.id,
        meter: kind,
        // A unit of one line (most units) has that line's value as its total: the same text.
        value: lines.length === 1 ? text : formatScaledQuantityText(total, LINE_SCALE),
      });
    }
  }
  return { byPosition, unitTotals };
}

/** A line's own consumption value (a tenancy's reading) of the kind, if it has one. */
function getOwnValue(
  index: ConsumptionIndex,
  line: BillingLine,
  kind: MeterKind,
): bigint | undefined {
  return index.byPosition ? index.byPosition[line.position]?.get(kind) : undefined;
}

/** How many of the unit's lines have their own value of the kind. */
function countOwnValues(
  index: ConsumptionIndex,
  lines: readonly BillingLine[],
  kind: MeterKind,
): number {
  if (!index.byPosition) return 0;
  let count = 0;
  for (const line of lines) if (getOwnValue(index, line, kind) !== undefined) count += 1;
  return count;
}
