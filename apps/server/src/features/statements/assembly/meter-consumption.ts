import {
  compareDecimalText,
  subtractDecimalText,
  STATEMENT_MESSAGES,
  type MeterConsumption,
  type ReadingUsed,
} from "@nk/contract";
import { addDays, type MeterKind } from "@nk/engine";
import type {
  AssemblyMeter,
  AssemblyPeriod,
  AssemblyReading,
  AssemblyTenant,
  AssemblyUnit,
} from "./assembly-data.ts";

// Consumption of each meter in a billing period from its readings (docs/rules/statement-inputs.md#assembly).

/** docs/rules/statement-inputs.md#assembly: which consumption series each meter type feeds. */
const METER_KIND_BY_TYPE: Readonly<Record<string, MeterKind>> = {
  Heizkostenverteiler: "heating",
  Wärmemengenzähler: "heating",
  Warmwasserzähler: "warmwater",
  Kaltwasser: "coldwater",
  Strom: "electricity",
  Gas: "gas",
};

/** Heizkostenverteiler are reset each period: the value read is the period's consumption. */
function isCumulativeMeterType(meterType: string): boolean {
  return meterType !== "Heizkostenverteiler";
}

function getMeterLabel(meter: AssemblyMeter): string {
  return `${meter.displayName ?? meter.meterType} ${meter.meterNumber}`.trim();
}

const SCALE = 3;

function toUsed(reading: AssemblyReading, source: ReadingUsed["source"]): ReadingUsed {
  return { readingId: reading.id, date: reading.date, value: reading.value, source };
}

/** Latest first by date, then the later entered (input order as a tie-break). */
function latest(readings: AssemblyReading[]): AssemblyReading | undefined {
  return readings.reduce<AssemblyReading | undefined>(
    (best, reading) => (!best || reading.date >= best.date ? reading : best),
    undefined,
  );
}

function earliest(readings: AssemblyReading[]): AssemblyReading | undefined {
  return readings.reduce<AssemblyReading | undefined>(
    (best, reading) => (!best || reading.date < best.date ? reading : best),
    undefined,
  );
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
 * The days a reading divides a unit's period between its tenancies and vacancies (issue 24,
 * § 9b HeizkV): a move-out day, a move-in day and the day before a move-in (the end of a
 * vacancy), inside the period and before its last day; by the tenant whose change it marks.
 */
function findBoundaryDays(
  tenants: readonly AssemblyTenant[],
  period: AssemblyPeriod,
): Map<string, string> {
  const days = new Map<string, string>();
  const add = (date: string, tenantId: string) => {
    if (date >= period.start && date < period.end && !days.has(date)) days.set(date, tenantId);
  };
  for (const tenant of tenants) {
    if (tenant.moveOutDate) add(tenant.moveOutDate, tenant.id);
    if (tenant.moveInDate > period.start) {
      add(tenant.moveInDate, tenant.id);
      add(addDays(tenant.moveInDate, -1), tenant.id);
    }
  }
  return days;
}

/**
 * Start, end and boundary readings of one meter (docs/rules/statement-inputs.md#assembly, issue 24):
 * - end: the reading entered for this billing period, else the latest dated inside it that is
 *   not a boundary reading;
 * - start (cumulative meters): the reading entered for the previous billing period, else the
 *   latest on or before the period's first day, else the first inside it (a meter installed
 *   during the period);
 * - boundary readings (§ 9b HeizkV): readings on a move-out day, a move-in day or the day
 *   before a move-in; the engine decides which line each one closes.
 */
export function deriveMeterConsumption(input: MeterConsumptionInput): MeterConsumption {
  const { meter, unit, period, readings, tenants } = input;
  const kind = METER_KIND_BY_TYPE[meter.meterType] ?? null;
  const isCumulative = isCumulativeMeterType(meter.meterType);
  const inPeriod = readings.filter((r) => r.date >= period.start && r.date <= period.end);
  const boundaryDays = findBoundaryDays(tenants, period);
  const forPeriod = readings.find((r) => r.billingPeriodId === period.id);
  const endReading = forPeriod ?? latest(inPeriod.filter((r) => !boundaryDays.has(r.date)));
  const endSource: ReadingUsed["source"] = forPeriod ? "billingPeriod" : "latestInPeriod";

  let start: ReadingUsed | null = null;
  if (isCumulative) {
    const previous = period.previousPeriodId
      ? readings.find((r) => r.billingPeriodId === period.previousPeriodId)
      : undefined;
    // Issue 27: a reading on the period's first day is its start reading (bulk entry 'Anfangsstand'),
    // taken before anything was used in the period; it outranks older readings.
    const before = latest(
      readings.filter(
        (r) => r.date < period.start || (r.date === period.start && r.id !== endReading?.id),
      ),
    );
    const first = earliest(inPeriod);
    if (previous) start = toUsed(previous, "previousBillingPeriod");
    else if (before) start = toUsed(before, "beforePeriod");
    else if (first) start = toUsed(first, "firstInPeriod");
  }

  const hasEnd =
    endReading !== undefined &&
    (!isCumulative || (start !== null && start.readingId !== endReading.id));
  const end = hasEnd ? toUsed(endReading, endSource) : null;
  const isIncreasing =
    !isCumulative ||
    end === null ||
    start === null ||
    compareDecimalText(end.value, start.value) >= 0;
  const consumption =
    end === null || !isIncreasing
      ? null
      : isCumulative
        ? subtractDecimalText(end.value, start!.value, SCALE)
        : subtractDecimalText(end.value, "0", SCALE);

  const intermediate: MeterConsumption["intermediate"] = [];
  let previousValue = start?.value ?? null;
  // Heizkostenverteiler count from zero: a boundary reading is the consumption since the start.
  if (!isCumulative) previousValue = "0";
  const intermediates = inPeriod
    .filter((r) => boundaryDays.has(r.date) && r.id !== endReading?.id)
    .sort((a, b) => a.date.localeCompare(b.date));
  for (const reading of intermediates) {
    const tenantId = boundaryDays.get(reading.date)!;
    if (previousValue !== null && compareDecimalText(reading.value, previousValue) >= 0) {
      intermediate.push({
        tenantId,
        reading: toUsed(reading, "latestInPeriod"),
        consumption: subtractDecimalText(reading.value, previousValue, SCALE),
      });
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
