import { type IsoDate, addDays } from "../dates/calendar.ts";

/**
 * Issue 30, item 1 (docs/rules/heating.md#remote-reading, decision 1630): § 5 (2) and (3)
 * HeizkV. Heat meters, hot-water meters and heat cost allocators installed since 1 December
 * 2021 must be remote-readable from the day they are installed; older ones must be retrofitted
 * by 31 December 2026. Pure: the day is passed in.
 */

/** The day the remote-reading duty of § 5 (2) HeizkV began for newly installed devices. */
export const REMOTE_READING_NEW_DEVICES_FROM: IsoDate = "2021-12-01";
/** § 5 (3) HeizkV: the last day older devices may stay without remote reading. */
export const REMOTE_READING_RETROFIT_DEADLINE: IsoDate = "2026-12-31";

/** The German meter types the HeizkV covers (heating and hot water); water, power and gas meters are not covered. */
export const HEIZKV_METER_TYPES = [
  "Heizkostenverteiler",
  "Warmwasserzähler",
  "Wärmemengenzähler",
] as const;

/**
 * - `not_covered`: not a heating or hot-water device, § 5 HeizkV does not apply.
 * - `remote_readable`: the duty is met.
 * - `retrofit_due`: an older device (or one without an installation date) that must be
 *   retrofitted by `deadline`, which has not passed on `today`.
 * - `missing`: remote reading is required on `today` and the device lacks it.
 */
export type RemoteReadingStatus = "not_covered" | "remote_readable" | "retrofit_due" | "missing";

export interface RemoteReadingMeterInput {
  /** The meter type as the product names it (`Heizkostenverteiler`, `Kaltwasser`, …). */
  meterType: string;
  isRemoteReadable: boolean;
  /** The installation day, null when the landlord did not enter it (treated as an older device). */
  installedOn: IsoDate | null;
}

export interface RemoteReadingDuty {
  status: RemoteReadingStatus;
  /** The first day the device must be remote-readable; null when the HeizkV does not cover it. */
  requiredFrom: IsoDate | null;
  /** The last day to retrofit (31.12.2026 for older devices, the installation day for newer ones). */
  deadline: IsoDate | null;
}

export function isHeizkvMeterType(meterType: string): boolean {
  return (HEIZKV_METER_TYPES as readonly string[]).includes(meterType);
}

/** The first day on which `meter` must be remote-readable, or null when § 5 HeizkV does not cover it. */
export function getRemoteReadingRequiredFrom(meter: RemoteReadingMeterInput): IsoDate | null {
  if (!isHeizkvMeterType(meter.meterType)) return null;
  if (meter.installedOn !== null && meter.installedOn >= REMOTE_READING_NEW_DEVICES_FROM)
    return meter.installedOn;
  return addDays(REMOTE_READING_RETROFIT_DEADLINE, 1);
}

/** What § 5 HeizkV asks of one meter on `today`. */
export function describeRemoteReadingDuty(
  meter: RemoteReadingMeterInput,
  today: IsoDate,
): RemoteReadingDuty {
  const requiredFrom = getRemoteReadingRequiredFrom(meter);
  if (requiredFrom === null) return { status: "not_covered", requiredFrom: null, deadline: null };
  const isNewDevice =
    meter.installedOn !== null && meter.installedOn >= REMOTE_READING_NEW_DEVICES_FROM;
  const deadline = isNewDevice ? requiredFrom : REMOTE_READING_RETROFIT_DEADLINE;
  if (meter.isRemoteReadable) return { status: "remote_readable", requiredFrom, deadline };
  return { status: today >= requiredFrom ? "missing" : "retrofit_due", requiredFrom, deadline };
}

/**
 * § 12 (1) Satz 2 HeizkV: whether `meter` lacked remote reading on some day of a billing period
 * ending on `periodEnd` although the regulation required it (then the tenant may cut 3 %).
 */
export function isRemoteReadingMissingInPeriod(
  meter: RemoteReadingMeterInput,
  periodEnd: IsoDate,
): boolean {
  if (meter.isRemoteReadable) return false;
  const requiredFrom = getRemoteReadingRequiredFrom(meter);
  return requiredFrom !== null && requiredFrom <= periodEnd;
}
