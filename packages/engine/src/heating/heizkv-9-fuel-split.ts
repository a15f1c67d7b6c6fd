import { Decimal, type DecimalValue } from "../money/decimal.ts";
import { formatCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { MESSAGES } from "../messages/messages.ts";

/** § 9 (2) HeizkV: kWh per m3 and kelvin of heated drinking water. */
export const HOT_WATER_KWH_PER_M3_KELVIN = 2.5;
/** § 9 (2) HeizkV: the cold-water temperature the formula subtracts, in deg C. */
export const COLD_WATER_REFERENCE_CELSIUS = 10;
/** Default hot-water temperature in deg C when none was measured (docs/rules/heating.md#heizkv). */
export const DEFAULT_HOT_WATER_CELSIUS = 60;
/** § 9 (2) HeizkV: kWh per m2 of living area supplied with hot water, when the volume is unknown. */
export const HOT_WATER_KWH_PER_M2_FALLBACK = 32;
/** § 9 (2) HeizkV: Q times 1.11 when gas is billed on the upper heating value (Brennwert). */
export const UPPER_HEATING_VALUE_FACTOR = 1.11;
/** § 9 (2) HeizkV: Q divided by 1.15 for commercial heat supply (Wärmelieferung). */
export const COMMERCIAL_HEAT_SUPPLY_DIVISOR = 1.15;

export interface CombinedFuelSplitInput {
  /** The fuel or heat of the combined system in kWh (the bill's figure). */
  totalEnergyKwh: DecimalValue;
  /** The fuel costs of the combined system in euros. */
  fuelCost: DecimalValue;
  /** Heated drinking water in m3 (a meter on the cold-water inlet of the water heater). */
  hotWaterVolumeM3?: DecimalValue | null;
  /** Mean hot-water temperature in deg C; default 60. */
  hotWaterTemperatureCelsius?: DecimalValue | null;
  /** Living area supplied with hot water, m2; used only when the volume is unknown. */
  hotWaterAreaM2?: DecimalValue | null;
  /** The bill states gas in kWh of the upper heating value: Q x 1.11. */
  isGasUpperHeatingValue?: boolean;
  /** Heat bought from a supplier (eigenständig gewerbliche Wärmelieferung): Q / 1.15. */
  isCommercialHeatSupply?: boolean;
}

export interface CombinedFuelSplitResult {
  /** Q in kWh, two decimals. */
  hotWaterEnergyKwh: string;
  /** Q before the factor 1.11 and the divisor 1.15, two decimals. */
  baseEnergyKwh: string;
  /** "volume" (2.5 x V x (tw - 10)) or "area" (32 x area). */
  method: "volume" | "area";
  /** Q / total energy, six decimals. */
  hotWaterShare: string;
  /** The hot-water part of the fuel costs, half up to cents. */
  hotWaterCost: string;
  /** The rest, so both add up to the fuel costs. */
  heatingCost: string;
}

export type CombinedFuelSplitOutcome =
  { ok: true; result: CombinedFuelSplitResult } | { ok: false; errors: string[] };

/**
 * § 9 HeizkV: splits the fuel costs of one generator that heats rooms and water when there is
 * no heat meter for the hot water. Q = 2.5 x V x (tw - 10) kWh (§ 9 (2) sentence 2); without
 * a volume Q = 32 x area supplied with hot water (§ 9 (2) sentence 4); Q x 1.11 when gas is
 * billed on the upper heating value; Q / 1.15 for commercial heat supply. The hot-water share
 * of the costs is Q / total energy. Example: 34,000 kWh for 3,253.50 EUR, V = 47.2 m3,
 * tw = 60 gives Q = 5,900 kWh and 564.58 EUR for hot water.
 */
export function splitCombinedHeatingFuel(input: CombinedFuelSplitInput): CombinedFuelSplitOutcome {
  if (!new Decimal(input.totalEnergyKwh).greaterThan(0))
    return { ok: false, errors: [MESSAGES.fuelSplitEnergyMissing()] };
  let energy: Decimal;
  let method: "volume" | "area";
  if (
    input.hotWaterVolumeM3 !== null &&
    input.hotWaterVolumeM3 !== undefined &&
    new Decimal(input.hotWaterVolumeM3).greaterThanOrEqualTo(0)
  ) {
    const temperature = input.hotWaterTemperatureCelsius ?? DEFAULT_HOT_WATER_CELSIUS;
    energy = new Decimal(HOT_WATER_KWH_PER_M3_KELVIN)
      .times(input.hotWaterVolumeM3)
      .times(new Decimal(temperature).minus(COLD_WATER_REFERENCE_CELSIUS));
    method = "volume";
  } else if (
    input.hotWaterAreaM2 !== null &&
    input.hotWaterAreaM2 !== undefined &&
    new Decimal(input.hotWaterAreaM2).greaterThanOrEqualTo(0)
  ) {
    energy = new Decimal(HOT_WATER_KWH_PER_M2_FALLBACK).times(input.hotWaterAreaM2);
    method = "area";
  } else {
    return { ok: false, errors: [MESSAGES.fuelSplitBasisMissing()] };
  }
  const baseEnergy = energy;
  if (input.isGasUpperHeatingValue) energy = energy.times(UPPER_HEATING_VALUE_FACTOR);
  if (input.isCommercialHeatSupply) energy = energy.dividedBy(COMMERCIAL_HEAT_SUPPLY_DIVISOR);
  if (energy.isNegative()) energy = new Decimal(0);
  if (energy.greaterThan(input.totalEnergyKwh))
    return { ok: false, errors: [MESSAGES.fuelSplitHotWaterExceedsTotal()] };

  const share = energy.dividedBy(input.totalEnergyKwh);
  const fuelCost = new Decimal(input.fuelCost);
  const hotWaterCents = roundEurosHalfUpToCents(fuelCost.times(share));
  const fuelCents = roundEurosHalfUpToCents(fuelCost);
  return {
    ok: true,
    result: {
      hotWaterEnergyKwh: energy.toFixed(2),
      baseEnergyKwh: baseEnergy.toFixed(2),
      method,
      hotWaterShare: share.toFixed(6),
      hotWaterCost: formatCents(hotWaterCents),
      heatingCost: formatCents(fuelCents - hotWaterCents),
    },
  };
}
