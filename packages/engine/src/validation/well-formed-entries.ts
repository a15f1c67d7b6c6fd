import { METER_KINDS, type MeterKind } from "../constants/domain.ts";
import { isIsoDate } from "../dates/calendar.ts";
import { isMoneyString } from "../money/money.ts";
import type { ConsumptionInput, PrepaymentInput, TenancyInput, UnitInput } from "../types.ts";
import { isPlainObject, MAX_QUANTITY, QUANTITY_TEXT } from "./shape-reader.ts";

/**
 * The usual case of the shape check without its bookkeeping (decision 0404): an entry whose
 * every field is plainly right is taken as the detailed reader (input-shape.ts) would take
 * it, without building a field path per field (at 20,000 units about a million strings).
 * Each function makes exactly the detailed reader's checks and returns undefined at the
 * first doubt; the detailed reader then runs and names the problem. So these never accept
 * what the detailed reader refuses, and what they return is what it would return.
 */

const isText = (value: unknown): value is string =>
  typeof value === "string" && value.trim() !== "";
// readNumber: a finite number, not negative, not beyond MAX_QUANTITY.
const isQuantity = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_QUANTITY;
// readQuantity: such a number, or decimal text (decision 1043).
const isQuantityValue = (value: unknown): value is number | string =>
  isQuantity(value) || (typeof value === "string" && QUANTITY_TEXT.test(value));
const isAbsent = (value: unknown): value is undefined | null =>
  value === undefined || value === null;

/** A unit as readUnits takes it; `seen` holds the ids before it (a repeated id is an error). */
export function readWellFormedUnit(
  entry: unknown,
  seen: ReadonlySet<string>,
): UnitInput | undefined {
  if (!isPlainObject(entry)) return undefined;
  const { id, area, persons, decentralizedHotWater } = entry;
  if (!isText(id) || seen.has(id) || !isQuantityValue(area)) return undefined;
  if (!isAbsent(persons) && !isQuantity(persons)) return undefined;
  if (!isAbsent(decentralizedHotWater) && typeof decentralizedHotWater !== "boolean")
    return undefined;
  return { id, area, persons: persons ?? 0, decentralizedHotWater: decentralizedHotWater ?? false };
}

/** A prepayment as readPrepayments takes it (the amount trimmed, as readMoney returns it). */
export function readWellFormedPrepayment(entry: unknown): PrepaymentInput | undefined {
  if (!isPlainObject(entry)) return undefined;
  const { monthlyAmount, validFrom, validUntil } = entry;
  if (typeof monthlyAmount !== "string") return undefined;
  const amount = monthlyAmount.trim();
  if (!isMoneyString(amount) || !isIsoDate(validFrom)) return undefined;
  if (!isAbsent(validUntil) && !isIsoDate(validUntil)) return undefined;
  return { monthlyAmount: amount, validFrom, validUntil: validUntil ?? null };
}

/** A reading as readConsumption takes it: known unit, known tenancy of that unit, known meter. */
export function readWellFormedReading(
  entry: unknown,
  unitIds: ReadonlySet<string>,
  tenancyUnits: ReadonlyMap<string, string>,
): ConsumptionInput | undefined {
  if (!isPlainObject(entry)) return undefined;
  const { unitId, tenancyId, meter, value, estimated } = entry;
  if (!isText(unitId) || !unitIds.has(unitId)) return undefined;
  // Issue 24: an estimate (§ 9a HeizkV) is read by the full reader.
  if (!isAbsent(estimated)) return undefined;
  if (!isAbsent(tenancyId) && (!isText(tenancyId) || tenancyUnits.get(tenancyId) !== unitId))
    return undefined;
  if (
    typeof meter !== "string" ||
    !(METER_KINDS as readonly string[]).includes(meter) ||
    !isQuantityValue(value)
  )
    return undefined;
  return { unitId, tenancyId: tenancyId ?? null, meter: meter as MeterKind, value };
}

/**
 * A tenancy as readTenancies takes it, for the usual case without occupant periods; its
 * prepayments each well-formed. `tenancyUnits` holds the ids before it (a repeated id is an
 * error); the caller records this one.
 */
export function readWellFormedTenancy(
  entry: unknown,
  unitIds: ReadonlySet<string>,
  tenancyUnits: ReadonlyMap<string, string>,
): TenancyInput | undefined {
  if (!isPlainObject(entry)) return undefined;
  const { id, unitId, start, end, persons, occupants, prepayments } = entry;
  if (
    !isText(id) ||
    tenancyUnits.has(id) ||
    !isText(unitId) ||
    !unitIds.has(unitId) ||
    !isIsoDate(start)
  )
    return undefined;
  if (!isAbsent(end) && (!isIsoDate(end) || end < start)) return undefined;
  if (!isAbsent(persons) && !isQuantity(persons)) return undefined;
  if (!isAbsent(occupants) && !(Array.isArray(occupants) && occupants.length === 0))
    return undefined;
  const readPrepayments: PrepaymentInput[] = [];
  if (!isAbsent(prepayments)) {
    if (!Array.isArray(prepayments)) return undefined;
    for (const prepayment of prepayments) {
      const wellFormed = readWellFormedPrepayment(prepayment);
      if (!wellFormed) return undefined;
      readPrepayments.push(wellFormed);
    }
  }
  const result: TenancyInput = {
    id,
    unitId,
    start,
    end: end ?? null,
    prepayments: readPrepayments,
  };
  if (!isAbsent(persons)) result.persons = persons;
  return result;
}
