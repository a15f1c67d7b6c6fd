import { compareDecimalText, subtractDecimalText, STATEMENT_MESSAGES, type MeterConsumption, type ReadingUsed } from "@nk/contract";
import type { MeterKind } from "@nk/engine";
import type { AssemblyMeter, AssemblyPeriod, AssemblyReading, AssemblyTenant, AssemblyUnit } from "./assembly-data.ts";

// Consumption of each meter in a billing period from its readings (DECISIONS 8).

/** DECISIONS 8: which consumption series each meter type feeds. */
export const METER_KIND_BY_TYPE: Readonly<Record<string, MeterKind>> = {
  Heizkostenverteiler: "heating",
  Wärmemengenzähler: "heating",
  Warmwasserzähler: "warmwater",
  Kaltwasser: "coldwater",
  Strom: "electricity",
  Gas: "gas",
};

/** Heizkostenverteiler are reset each period: the value read is the period's consumption. */
export function isCumulativeMeterType(meterType: string): boolean {
  return meterType !== "Heizkostenverteiler";
}

export function getMeterLabel(meter: AssemblyMeter): string {
  return `${meter.displayName ?? meter.meterType} ${meter.meterNumber}`.trim();
}

const SCALE = 3;

function toUsed(reading: AssemblyReading, source: ReadingUsed["source"]): ReadingUsed {
  return { readingId: reading.id, date: reading.date, value: reading.value, source };
}

/** Latest first by date, then the later entered (input order as a tie-break). */
function latest(readings: AssemblyReading[]): AssemblyReading | undefined {
  return readings.reduce<AssemblyReading | undefined>((best, reading) => (!best || reading.date >= best.date ? reading : best), undefined);
}

function earliest(readings: AssemblyReading[]): AssemblyReading | undefined {
  return readings.reduce<AssemblyReading | undefined>((best, reading) => (!best || reading.date < best.date ? reading : best), undefined);
}

export interface MeterConsumptionInput {
  meter: AssemblyMeter;
  unit: AssemblyUnit | null;
  period: AssemblyPeriod;
  /** This meter's readings. */
  readings: AssemblyReading[];
  /** Tenants of the meter's unit (move-out days give intermediate readings). */
  tenants: AssemblyTenant[];
}

/**
 * Start, end and intermediate values of one meter (DECISIONS 8):
 * - end: the reading entered for this billing period, else the latest dated inside it (not a
 *   move-out day's intermediate reading);
 * - start (cumulative meters): the reading entered for the previous billing period, else the
 *   latest before the period, else the first inside it (a meter installed during the period);
 * - intermediate (§ 9b HeizkV): a reading on a tenant's move-out day before the period's end.
 */
export function deriveMeterConsumption(input: MeterConsumptionInput): MeterConsumption {
  const { meter, unit, period, readings, tenants } = input;
  const kind = METER_KIND_BY_TYPE[meter.meterType] ?? null;
  const isCumulative = isCumulativeMeterType(meter.meterType);
  const inPeriod = readings.filter((r) => r.date >= period.start && r.date <= period.end);
  const moveOuts = new Map<string, string>();
  for (const tenant of tenants) {
    if (tenant.moveOutDate && tenant.moveOutDate >= period.start && tenant.moveOutDate < period.end) moveOuts.set(tenant.moveOutDate, tenant.id);
  }
  const forPeriod = readings.find((r) => r.costGroupId === period.id);
  const endReading = forPeriod ?? latest(inPeriod.filter((r) => !moveOuts.has(r.date)));
  const endSource: ReadingUsed["source"] = forPeriod ? "billingPeriod" : "latestInPeriod";

  let start: ReadingUsed | null = null;
  if (isCumulative) {
    const previous = period.previousPeriodId ? readings.find((r) => r.costGroupId === period.previousPeriodId) : undefined;
    const before = latest(readings.filter((r) => r.date < period.start));
    const first = earliest(inPeriod);
    if (previous) start = toUsed(previous, "previousBillingPeriod");
    else if (before) start = toUsed(before, "beforePeriod");
    else if (first) start = toUsed(first, "firstInPeriod");
  }

  const hasEnd = endReading !== undefined && (!isCumulative || (start !== null && start.readingId !== endReading.id));
  const end = hasEnd ? toUsed(endReading, endSource) : null;
  const isIncreasing = !isCumulative || end === null || start === null || compareDecimalText(end.value, start.value) >= 0;
  const consumption = end === null || !isIncreasing ? null : isCumulative ? subtractDecimalText(end.value, start!.value, SCALE) : subtractDecimalText(end.value, "0", SCALE);

  const intermediate: MeterConsumption["intermediate"] = [];
  let previousValue = start?.value ?? null;
  const intermediates = inPeriod.filter((r) => moveOuts.has(r.date) && r.id !== endReading?.id).sort((a, b) => a.date.localeCompare(b.date));
  for (const reading of intermediates) {
    const tenantId = moveOuts.get(reading.date)!;
    if (!isCumulative) {
      intermediate.push({ tenantId, reading: toUsed(reading, "latestInPeriod"), consumption: subtractDecimalText(reading.value, "0", SCALE) });
    } else if (previousValue !== null && compareDecimalText(reading.value, previousValue) >= 0) {
      intermediate.push({ tenantId, reading: toUsed(reading, "latestInPeriod"), consumption: subtractDecimalText(reading.value, previousValue, SCALE) });
      previousValue = reading.value;
    }
  }

  return {
    meterId: meter.id,
    label: getMeterLabel(meter),
    meterType: meter.meterType,
    meter: kind,
    unitId: unit?.id ?? null,
    unitName: unit?.name ?? null,
    isCumulative,
    start,
    end,
    consumption,
    intermediate,
    status: consumption === null ? "missingEnd" : "ok",
  };
}

export function buildMissingReadingMessage(meter: MeterConsumption): string {
  return STATEMENT_MESSAGES.missingReading(meter.label, meter.unitName ?? "");
}
