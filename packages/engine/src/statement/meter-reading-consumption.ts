import type { MeterKind } from "../constants/domain.ts";
import { addDays } from "../dates/calendar.ts";
import { DEGREE_DAY_UNITS_PER_MILLE } from "../heating/degree-days.ts";
import { MESSAGES } from "../messages/messages.ts";
import type {
  LineMeterReading,
  MeterReadingsInput,
  ReadingPoint,
  ReadingPointInput,
} from "../types.ts";
import type { BillingLine, UnitLines } from "./billing-lines.ts";
import {
  CONSUMPTION_SPLIT_SCALE,
  formatScaledQuantityText,
  parseScaledQuantityText,
  QUANTITY_SCALE,
  toDisplayNumber,
} from "./fixed-point.ts";
import { getConsumptionTimeWeight } from "./line-consumption.ts";

// Issue 24, § 9b HeizkV: the consumption of each line (tenancy or vacancy) of a unit from the
// readings of its meters. A reading taken on the day one line ends (move-out, end of vacancy) or
// the next begins (move-in) closes the stretch before it; each stretch's consumption (end minus
// start) belongs to the lines inside it, split by degree days (heating) or days where it holds
// several lines (§ 9b (3) HeizkV: only where no reading exists).

/** One unit's and meter kind's figures from the meters' readings, by the line's index in the unit. */
interface MeterLineFigures {
  /** Consumption by line index, in units of 10^-21 (as calculateLineConsumption's values). */
  values: bigint[];
  isApportioned: boolean[];
  isMeasured: boolean[];
  isEstimated: boolean[];
  meters: LineMeterReading[][];
}

/** By meter kind, then by the unit's index in the input. */
export type MeterFiguresIndex = Map<MeterKind, Map<number, MeterLineFigures>>;

interface Boundary {
  point: ReadingPoint | null;
  /** 10^-9 units; null where no reading closes the stretch. */
  value: bigint | null;
}

function toPoint(input: ReadingPointInput): ReadingPoint {
  return { date: input.date, value: input.value, estimated: input.estimated === true };
}

/**
 * The readings of a meter on the boundaries of a unit's lines: boundary k lies between line k-1
 * (ending on day D) and line k (beginning on D+1); a reading dated D (move-out, end of vacancy)
 * counts before one dated D+1 (move-in), the later entered of a day wins. Boundary 0 is the
 * start value (zero for a Heizkostenverteiler), the last the end value. A reading that does not
 * fit between its neighbours (a lower value than before, or above the end) is left out with a
 * warning.
 */
function findBoundaries(
  meter: MeterReadingsInput,
  lines: readonly BillingLine[],
  warnings: string[],
): Boundary[] {
  const isCumulative = meter.cumulative !== false;
  const byDate = new Map<string, ReadingPointInput>();
  for (const reading of meter.readings ?? []) byDate.set(reading.date, reading);
  const boundaries: Boundary[] = [];
  boundaries.push(
    isCumulative && meter.start
      ? { point: toPoint(meter.start), value: parseScaledQuantityText(meter.start.value) }
      : { point: null, value: 0n },
  );
  const endValue = parseScaledQuantityText(meter.end.value);
  let previous = boundaries[0]?.value ?? 0n;
  for (let index = 1; index < lines.length; index += 1) {
    const lastDay = (lines[index - 1] as BillingLine).to;
    const reading = byDate.get(lastDay) ?? byDate.get(addDays(lastDay, 1));
    if (!reading) {
      boundaries.push({ point: null, value: null });
      continue;
    }
    const value = parseScaledQuantityText(reading.value);
    if (value < previous || value > endValue) {
      warnings.push(MESSAGES.boundaryReadingIgnored(meter.meterId, reading.date));
      boundaries.push({ point: null, value: null });
      continue;
    }
    previous = value;
    boundaries.push({ point: toPoint(reading), value });
  }
  boundaries.push({ point: toPoint(meter.end), value: endValue });
  return boundaries;
}

/** The figures of one meter over its unit's lines (values in 10^-21 units). */
function calculateMeterLines(
  meter: MeterReadingsInput,
  lines: readonly BillingLine[],
  warnings: string[],
): { values: bigint[]; records: LineMeterReading[]; estimated: boolean[] } {
  const isCumulative = meter.cumulative !== false;
  const isHeating = meter.meter === "heating";
  const boundaries = findBoundaries(meter, lines, warnings);
  const values = new Array<bigint>(lines.length).fill(0n);
  const estimated = new Array<boolean>(lines.length).fill(false);
  const records: LineMeterReading[] = [];
  let startIndex = 0;
  for (let endIndex = 1; endIndex < boundaries.length; endIndex += 1) {
    const endBoundary = boundaries[endIndex] as Boundary;
    if (endBoundary.value === null) continue;
    const startBoundary = boundaries[startIndex] as Boundary;
    const stretch = endBoundary.value - (startBoundary.value as bigint);
    const isEstimated =
      (startBoundary.point?.estimated ?? false) || (endBoundary.point?.estimated ?? false);
    const stretchLines = lines.slice(startIndex, endIndex);
    const end = endBoundary.point as ReadingPoint;
    if (stretchLines.length === 1) {
      values[startIndex] = stretch * CONSUMPTION_SPLIT_SCALE;
      estimated[startIndex] = isEstimated;
      records[startIndex] = {
        meterId: meter.meterId,
        isCumulative,
        start: startBoundary.point,
        end,
        value: formatScaledQuantityText(stretch, QUANTITY_SCALE),
        apportionment: null,
      };
    } else {
      // § 9b (3) HeizkV: no reading between these lines: heating by degree days, the rest by days.
      const weights = stretchLines.map((line) => getConsumptionTimeWeight(line, meter.meter));
      const totalWeight = weights.reduce((sum, weight) => sum + weight, 0n);
      const weightScale = isHeating ? DEGREE_DAY_UNITS_PER_MILLE : 1n;
      const first = stretchLines[0] as BillingLine;
      const last = stretchLines[stretchLines.length - 1] as BillingLine;
      for (let offset = 0; offset < stretchLines.length; offset += 1) {
        const index = startIndex + offset;
        const weight = weights[offset] as bigint;
        // Rounded down at 21 decimals like the split of a unit's value (line-consumption.ts).
        const value =
          totalWeight === 0n ? 0n : (stretch * CONSUMPTION_SPLIT_SCALE * weight) / totalWeight;
        values[index] = value;
        estimated[index] = isEstimated;
        records[index] = {
          meterId: meter.meterId,
          isCumulative,
          start: startBoundary.point,
          end,
          value: formatScaledQuantityText(value, QUANTITY_SCALE * CONSUMPTION_SPLIT_SCALE),
          apportionment: {
            by: isHeating ? "degreeDays" : "days",
            from: first.from,
            to: last.to,
            stretchValue: formatScaledQuantityText(stretch, QUANTITY_SCALE),
            weight: toDisplayNumber(weight, weightScale),
            totalWeight: toDisplayNumber(totalWeight, weightScale),
          },
        };
      }
    }
    startIndex = endIndex;
  }
  return { values, records, estimated };
}

/**
 * The line figures of every unit and meter kind that the input gives by meter readings. Several
 * meters of one kind in a unit add up line by line.
 */
export function calculateMeterFigures(
  meters: readonly MeterReadingsInput[],
  units: readonly UnitLines[],
  unitIndexById: ReadonlyMap<string, number>,
  warnings: string[],
): MeterFiguresIndex {
  const index: MeterFiguresIndex = new Map();
  if (meters.length === 0) return index;
  const unitLinesByIndex = new Map<number, UnitLines>();
  for (const unit of units) unitLinesByIndex.set(unit.unitIndex, unit);
  for (const meter of meters) {
    const unitIndex = unitIndexById.get(meter.unitId);
    if (unitIndex === undefined) continue;
    const unit = unitLinesByIndex.get(unitIndex);
    if (!unit || unit.lines.length === 0) continue;
    let byUnit = index.get(meter.meter);
    if (!byUnit) {
      byUnit = new Map();
      index.set(meter.meter, byUnit);
    }
    const count = unit.lines.length;
    let figures = byUnit.get(unitIndex);
    if (!figures) {
      figures = {
        values: new Array<bigint>(count).fill(0n),
        isApportioned: new Array<boolean>(count).fill(false),
        isMeasured: new Array<boolean>(count).fill(false),
        isEstimated: new Array<boolean>(count).fill(false),
        meters: Array.from({ length: count }, () => []),
      };
      byUnit.set(unitIndex, figures);
    }
    const { values, records, estimated } = calculateMeterLines(meter, unit.lines, warnings);
    for (let line = 0; line < count; line += 1) {
      figures.values[line] = (figures.values[line] as bigint) + (values[line] as bigint);
      const record = records[line] as LineMeterReading;
      if (record.apportionment) figures.isApportioned[line] = true;
      else figures.isMeasured[line] = true;
      if (estimated[line]) figures.isEstimated[line] = true;
      (figures.meters[line] as LineMeterReading[]).push(record);
    }
  }
  return index;
}
