import { HOT_WATER_COST_TYPE, isHeizkvCostType } from "../constants/domain.ts";
import type { IsoDate } from "../dates/calendar.ts";
import { Decimal, HUNDRED, ZERO } from "../money/decimal.ts";
import { formatCents, parseMoneyToCents } from "../money/money.ts";
import {
  buildLetterFigures,
  getHeatingCents,
  splitByWeights,
  type StatementLetterFigures,
} from "../statement/letter-figures.ts";
import type {
  LineConsumption,
  MoneyString,
  QuantityValue,
  StatementInput,
  StatementResult,
  TenancyStatement,
} from "../types.ts";
import { degreeDayUnits } from "./degree-days.ts";

// Issue 24, item 12 (decision 1160, docs/calculation/17-jahresinformation-6a.md): the annual
// information of § 6a (3) HeizkV on a statement letter. Every figure is the tenancy's own: its
// consumption between its own readings (or its apportioned part, § 9b HeizkV), compared with
// its own consumption in the previous period, never the flat's whole year or a predecessor's.

/** § 6a (3) Nr. 1 a HeizkV: one energy carrier of the supply and its share in percent. */
export interface EnergyMixShareInput {
  carrier: string;
  /** Decimal text or a number (v1.5, decision 1640). */
  percent: QuantityValue;
}

/** § 6a (3) Nr. 1 b HeizkV: a tax, levy or duty in the energy costs, as the invoice states it (building). */
export interface LevyInput {
  label: string;
  amount: MoneyString;
}

/** The billing period's inputs for the annual information (stored per period, migration 1290). */
export interface AnnualInformationInput {
  /** The supplier's energy mix; empty: the fuel of the CO2 inputs at 100 %. */
  energyMix?: EnergyMixShareInput[] | null;
  /** District heating: the network's primary energy factor as the supplier states it. */
  primaryEnergyFactor?: QuantityValue | null;
  /** Energy tax and other levies in the building's energy costs (the CO2 cost is added from the result). */
  taxesAndLevies?: LevyInput[] | null;
  /** § 6a (3) Nr. 1 c HeizkV: rent and calibration of the metering devices (building, per period). */
  meteringDeviceFee?: MoneyString | null;
  /** § 6a (3) Nr. 1 c HeizkV: reading and billing (building, per period). */
  readingAndBillingFee?: MoneyString | null;
  /** The Klimafaktor of the site for the period (DWD); absent: 1, not weather-corrected (docs/rules/heating.md#consumption-analysis). */
  climateFactor?: QuantityValue | null;
}

/** A fee or levy of the building and this tenancy's part of it (by its heating and hot-water cents). */
export interface AnnualCostLine {
  kind: "levy" | "co2" | "meteringDevices" | "readingAndBilling" | "meteringService";
  label: string;
  amount: MoneyString;
  /** The tenancy's part, by its share of the heating and hot-water costs; null when it has none. */
  yourShare: MoneyString | null;
}

/** A tenancy's heating consumption in one period, measured and weather-corrected. */
export interface AnnualPeriodConsumption {
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** Heating meter units (Heizkostenverteiler / Wärmezähler), two decimals. */
  value: string;
  /** value x kWh per unit of the building, whole kWh; null when the building's heating energy is not known. */
  kwh: string | null;
  /** "measured": the tenancy's own readings; "apportioned" or "partlyApportioned": § 9b (3) HeizkV. */
  method: LineConsumption["method"];
  isEstimated: boolean;
  climateFactor: string;
  isWeatherCorrected: boolean;
  /** value x Klimafaktor, two decimals; kWh whole. */
  weatherCorrected: string;
  weatherCorrectedKwh: string | null;
}

/** One bar of the comparison chart: its value and length in percent of the longest bar. */
export interface AnnualChartBar {
  kind: "previous" | "current" | "averageUser";
  /** The bar's value in the chart's unit (kWh where known, else meter units), weather-corrected. */
  value: string;
  /** Length in percent of the longest bar, whole number 0-100. */
  lengthPercent: number;
}

export interface AnnualInformation {
  /** § 6a (3) Nr. 1 a: the energy mix in percent (two decimals); from the supplier, or the fuel at 100 %. */
  energyMix: { carrier: string; percent: string }[];
  energyMixSource: "supplier" | "fuel" | null;
  /** District heating: emissions and primary energy factor of the network (§ 6a (3) Nr. 1 a). */
  districtHeating: {
    emissionFactor: string | null;
    emissionsKg: string | null;
    primaryEnergyFactor: string | null;
  } | null;
  /** § 6a (3) Nr. 1 b: taxes, levies and duties. */
  levies: AnnualCostLine[];
  /** § 6a (3) Nr. 1 c: fees for metering devices, reading and billing. */
  fees: AnnualCostLine[];
  /** kWh per meter unit: the building's heating energy / its heating units, six decimals; null when not known. */
  kwhPerUnit: string | null;
  /** The building's heating energy in kWh the conversion uses, and where it comes from. */
  heatingEnergyKwh: string | null;
  heatingEnergySource: "heizkv9Split" | "fuelInvoice" | null;
  /** § 6a (3) Nr. 4: this period and the previous one, the tenancy's own figures. */
  current: AnnualPeriodConsumption | null;
  previous: AnnualPeriodConsumption | null;
  /** Why no previous figure: no run of the previous period, the tenancy did not live there, or no value. */
  previousMissing: "noPreviousPeriod" | "notTenantThen" | "noValue" | null;
  /** Weather-corrected consumption per day against the previous period, percent with one decimal (+ more, − less). */
  changePercent: string | null;
  /** § 6a (3) Nr. 5: a user of the building's average consumption per m², with this flat's area and time. */
  averageUser: {
    /** Building: heating units per m² of the units with a value, two decimals. */
    perM2: string;
    /** perM2 x the flat's area x the tenancy's degree-day share of the period, two decimals. */
    value: string;
    kwh: string | null;
    /** The tenancy's consumption in percent of it, whole number. */
    yourPercent: string | null;
  } | null;
  /** The chart of § 6a (3) Nr. 4 and 5, in kWh where known, else meter units. */
  chart: { unit: "kWh" | "units"; bars: AnnualChartBar[] } | null;
}

export interface AnnualInformationRequest {
  input: StatementInput;
  result: StatementResult;
  tenancyId: string;
  /** The saved run of the period before (same property), or null. */
  previous: { input: StatementInput; result: StatementResult } | null;
}

const TWO = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const WHOLE = (value: Decimal) => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);

/** A run's annual information, asked per tenancy (prepareAnnualInformation). */
export type AnnualInformationOfRun = (tenancyId: string) => AnnualInformation | null;

/**
 * § 6a (3) HeizkV: the annual information of one tenancy's letter. Pure; null for a
 * statement without Heizung or Warmwasser items. The tenancy's consumption is its own line's
 * (result.tenancies[].consumption); the previous period's is the same tenancy's line there.
 * For the letters of a whole run, prepareAnnualInformation answers each tenancy without
 * reading the run again.
 */
export function computeAnnualInformation(
  request: AnnualInformationRequest,
): AnnualInformation | null {
  return prepareAnnualInformation(request)(request.tenancyId);
}

/**
 * The annual information of a run's tenancies (issue 32): what belongs to the whole run (the
 * building's heating energy and units, its average user, the energy mix, each fee's split over
 * the heating cents, the tenancies by id) is worked out once, so that each tenancy's answer
 * reads only its own line. Asking for every tenancy of the run this way gives the same figures
 * as computeAnnualInformation per tenancy, in time that grows with the run, not its square.
 */
export function prepareAnnualInformation(
  run: Omit<AnnualInformationRequest, "tenancyId">,
): AnnualInformationOfRun {
  const { input, result } = run;
  if (!result.items.some((item) => isHeizkvCostType(item.costType))) return () => null;
  const tenancies = firstById(result.tenancies);
  const info = input.annualInformation ?? {};
  const climateFactor = info.climateFactor ?? null;
  const energy = getHeatingEnergy(input, result);
  const kwhPerUnit = energy.kwhPerUnit
    ? energy.kwhPerUnit.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed()
    : null;
  const heatingEnergyKwh = energy.heatingEnergyKwh ? energy.heatingEnergyKwh.toFixed() : null;
  const previousOf = preparePrevious(run, energy);
  const averageUserOf = prepareAverageUser(input, result, energy.kwhPerUnit);
  const energyMix = describeEnergyMix(input, result, info);
  const share = prepareShares(result);
  const co2PartOf = prepareCo2Parts(input, result);
  return (tenancyId) => {
    const tenancy = tenancies.get(tenancyId);
    if (!tenancy) throw new RangeError(`Tenancy ${tenancyId} is not part of the statement`);
    const current = describePeriod(tenancy, energy.kwhPerUnit, climateFactor);
    const previousFigures = previousOf(tenancyId);
    const previous = previousFigures.consumption;
    const changePercent = current && previous ? compareByDay(current, previous) : null;
    const averageUser = averageUserOf(tenancy, current);
    return {
      ...energyMix,
      levies: describeLevies(result, tenancy, info, share, co2PartOf),
      fees: describeFees(result, tenancy, info, share),
      kwhPerUnit,
      heatingEnergyKwh,
      heatingEnergySource: energy.source,
      current,
      previous,
      previousMissing: previous ? null : previousFigures.missing,
      changePercent,
      averageUser,
      chart: buildChart(current, previous, averageUser, climateFactor),
    };
  };
}

/** The lines by tenancy id; the first line of an id wins, as Array.find answers. */
function firstById(lines: readonly TenancyStatement[]): Map<string, TenancyStatement> {
  const byId = new Map<string, TenancyStatement>();
  for (const line of lines) if (!byId.has(line.tenancyId)) byId.set(line.tenancyId, line);
  return byId;
}

/**
 * The weather-corrected consumption per day of this period against the previous one, in
 * percent (one decimal): in kWh when both periods have kWh (meter units of different years may
 * have different scales), else in meter units. Per day, so that periods of different length compare.
 */
function compareByDay(
  current: AnnualPeriodConsumption,
  previous: AnnualPeriodConsumption,
): string | null {
  const isKwh = current.weatherCorrectedKwh !== null && previous.weatherCorrectedKwh !== null;
  const now = new Decimal(
    isKwh ? (current.weatherCorrectedKwh as string) : current.weatherCorrected,
  ).dividedBy(current.days);
  const before = new Decimal(
    isKwh ? (previous.weatherCorrectedKwh as string) : previous.weatherCorrected,
  ).dividedBy(previous.days);
  if (before.isZero()) return null;
  return now
    .dividedBy(before)
    .minus(1)
    .times(HUNDRED)
    .toDecimalPlaces(1, Decimal.ROUND_HALF_UP)
    .toFixed(1);
}

/**
 * The building's heating energy in kWh: the § 9 HeizkV split's heating part, else the fuel
 * invoice's kWh when the central system heats no water (no Warmwasser item). kWh per unit =
 * that / the building's heating units (each unit once, result.unitConsumption).
 */
function getHeatingEnergy(
  input: StatementInput,
  result: StatementResult,
): {
  heatingEnergyKwh: Decimal | null;
  kwhPerUnit: Decimal | null;
  source: AnnualInformation["heatingEnergySource"];
} {
  const units = (result.unitConsumption ?? [])
    .filter((unit) => unit.meter === "heating")
    .reduce((sum, unit) => sum.plus(unit.value), ZERO);
  const split = result.heatingCosts?.combinedSplit;
  const hasHotWaterItem = result.items.some((item) => item.costType === HOT_WATER_COST_TYPE);
  let heatingEnergyKwh: Decimal | null = null;
  let source: AnnualInformation["heatingEnergySource"] = null;
  if (split) {
    heatingEnergyKwh = new Decimal(split.heatingEnergyKwh);
    source = "heizkv9Split";
  } else if (
    !hasHotWaterItem &&
    input.co2?.consumptionKwh !== null &&
    input.co2?.consumptionKwh !== undefined &&
    new Decimal(input.co2.consumptionKwh).greaterThan(0)
  ) {
    heatingEnergyKwh = new Decimal(input.co2.consumptionKwh);
    source = "fuelInvoice";
  }
  const kwhPerUnit =
    heatingEnergyKwh && units.greaterThan(0) ? heatingEnergyKwh.dividedBy(units) : null;
  return { heatingEnergyKwh, kwhPerUnit, source };
}

function describePeriod(
  tenancy: TenancyStatement,
  kwhPerUnit: Decimal | null,
  climateFactor: QuantityValue | null,
): AnnualPeriodConsumption | null {
  const own = tenancy.consumption?.find((line) => line.meter === "heating");
  if (!own) return null;
  const value = new Decimal(own.value);
  const factor = new Decimal(climateFactor ?? 1);
  const corrected = value.times(factor);
  return {
    from: tenancy.from,
    to: tenancy.to,
    days: tenancy.days,
    value: TWO(value),
    kwh: kwhPerUnit ? WHOLE(value.times(kwhPerUnit)) : null,
    method: own.method,
    isEstimated: own.isEstimated,
    climateFactor: factor.toFixed(),
    isWeatherCorrected: !factor.equals(1),
    weatherCorrected: TWO(corrected),
    weatherCorrectedKwh: kwhPerUnit ? WHOLE(corrected.times(kwhPerUnit)) : null,
  };
}

/** The previous period's figures of a tenancy: its own line in the previous run, or why there is none. */
function preparePrevious(
  run: Omit<AnnualInformationRequest, "tenancyId">,
  current: ReturnType<typeof getHeatingEnergy>,
): (tenancyId: string) => {
  consumption: AnnualPeriodConsumption | null;
  missing: AnnualInformation["previousMissing"];
} {
  const previous = run.previous;
  if (!previous) return () => ({ consumption: null, missing: "noPreviousPeriod" });
  const tenancies = firstById(previous.result.tenancies);
  const energy = getHeatingEnergy(previous.input, previous.result);
  // Both periods in kWh, or both in meter units: never one of each in the comparison.
  const kwhPerUnit = current.kwhPerUnit ? energy.kwhPerUnit : null;
  const climateFactor = previous.input.annualInformation?.climateFactor ?? null;
  return (tenancyId) => {
    const tenancy = tenancies.get(tenancyId);
    if (!tenancy) return { consumption: null, missing: "notTenantThen" };
    const consumption = describePeriod(tenancy, kwhPerUnit, climateFactor);
    return consumption ? { consumption, missing: null } : { consumption: null, missing: "noValue" };
  };
}

/** § 6a (3) Nr. 5: the building's average per m² for this flat's area over the tenancy's degree-day share. */
function prepareAverageUser(
  input: StatementInput,
  result: StatementResult,
  kwhPerUnit: Decimal | null,
): (
  tenancy: TenancyStatement,
  current: AnnualPeriodConsumption | null,
) => AnnualInformation["averageUser"] {
  const areas = new Map(input.units.map((unit) => [unit.id, new Decimal(unit.area)]));
  const measured = (result.unitConsumption ?? []).filter((unit) => unit.meter === "heating");
  const total = measured.reduce((sum, unit) => sum.plus(unit.value), ZERO);
  const area = measured.reduce((sum, unit) => sum.plus(areas.get(unit.unitId) ?? ZERO), ZERO);
  if (!total.greaterThan(0) || !area.greaterThan(0)) return () => null;
  const perM2 = total.dividedBy(area);
  const periodWeight = new Decimal(
    degreeDayUnits(result.period.start, result.period.end).toString(),
  );
  return (tenancy, current) => {
    const flatArea = areas.get(tenancy.unitId);
    if (!flatArea) return null;
    const tenancyWeight = new Decimal(degreeDayUnits(tenancy.from, tenancy.to).toString());
    const timeShare = periodWeight.isZero() ? ZERO : tenancyWeight.dividedBy(periodWeight);
    const value = perM2.times(flatArea).times(timeShare);
    return {
      perM2: TWO(perM2),
      value: TWO(value),
      kwh: kwhPerUnit ? WHOLE(value.times(kwhPerUnit)) : null,
      yourPercent:
        current && value.greaterThan(0)
          ? WHOLE(new Decimal(current.value).dividedBy(value).times(HUNDRED))
          : null,
    };
  };
}

function describeEnergyMix(
  input: StatementInput,
  result: StatementResult,
  info: AnnualInformationInput,
): Pick<AnnualInformation, "energyMix" | "energyMixSource" | "districtHeating"> {
  const entered = info.energyMix ?? [];
  const fuel = input.co2?.fuel ?? input.heatingCosts?.fuel ?? null;
  const energyMix =
    entered.length > 0
      ? entered.map((share) => ({
          carrier: share.carrier,
          percent: TWO(new Decimal(share.percent)),
        }))
      : fuel
        ? [{ carrier: fuel, percent: "100.00" }]
        : [];
  const isDistrictHeating = fuel === "district_heating";
  return {
    energyMix,
    energyMixSource: entered.length > 0 ? "supplier" : fuel ? "fuel" : null,
    districtHeating: isDistrictHeating
      ? {
          emissionFactor: result.co2?.calculation?.emissionFactor ?? null,
          emissionsKg: result.co2?.emissionsKg ?? null,
          primaryEnergyFactor:
            info.primaryEnergyFactor === null || info.primaryEnergyFactor === undefined
              ? null
              : new Decimal(info.primaryEnergyFactor).toFixed(),
        }
      : null,
  };
}

// The tenancy's part of a building amount: by its cents in the heating and hot-water items
// (largest remainder over every line, docs/rules/money-and-rounding.md#exact-money), as its CO2 part is split.
// Each amount is split once for the run; a tenancy reads its own part.
type ShareOf = (amount: MoneyString, tenancy: TenancyStatement) => MoneyString | null;

function prepareShares(result: StatementResult): ShareOf {
  let weights: Map<number, number> | null = null;
  const splits = new Map<MoneyString, Map<number, number>>();
  return (amount, tenancy) => {
    weights ??= getHeatingCents(result);
    if (weights.size === 0) return null;
    let split = splits.get(amount);
    if (!split) {
      split = splitByWeights(parseMoneyToCents(amount), weights);
      splits.set(amount, split);
    }
    return formatCents(split.get(tenancy.position) ?? 0);
  };
}

/** The tenancy's part of the building's CO2 cost: its tenants' CO2 cost plus the landlord's share on it. */
function prepareCo2Parts(
  input: StatementInput,
  result: StatementResult,
): (tenancy: TenancyStatement) => MoneyString | null {
  let byTenancy: Map<string, StatementLetterFigures["tenancies"][number]> | null = null;
  return (tenancy) => {
    if (!byTenancy) {
      const letters = result.letters ?? buildLetterFigures(input, result);
      byTenancy = new Map();
      for (const figures of letters.tenancies)
        if (!byTenancy.has(figures.tenancyId)) byTenancy.set(figures.tenancyId, figures);
    }
    const co2 = byTenancy.get(tenancy.tenancyId)?.co2;
    return co2
      ? formatCents(parseMoneyToCents(co2.tenantCost) + parseMoneyToCents(co2.landlordShare))
      : null;
  };
}

function describeLevies(
  result: StatementResult,
  tenancy: TenancyStatement,
  info: AnnualInformationInput,
  share: ShareOf,
  co2PartOf: (tenancy: TenancyStatement) => MoneyString | null,
): AnnualCostLine[] {
  const lines: AnnualCostLine[] = (info.taxesAndLevies ?? []).map((levy) => ({
    kind: "levy",
    label: levy.label,
    amount: levy.amount,
    yourShare: share(levy.amount, tenancy),
  }));
  // The CO2 price of the BEHG is a levy in the fuel cost. The tenancy's part is the same figure the
  // letter's CO2 block splits into the tenants' and the landlord's shares (CO2KostAufG), so the
  // two tables agree to the cent (decision 1161); empty only for a result without letter figures.
  if (result.co2?.cost)
    lines.push({
      kind: "co2",
      label: "CO₂-Kosten (BEHG)",
      amount: result.co2.cost,
      yourShare: co2PartOf(tenancy),
    });
  return lines;
}

function describeFees(
  result: StatementResult,
  tenancy: TenancyStatement,
  info: AnnualInformationInput,
  share: ShareOf,
): AnnualCostLine[] {
  const lines: AnnualCostLine[] = [];
  if (info.meteringDeviceFee)
    lines.push({
      kind: "meteringDevices",
      label: "Gebrauchsüberlassung und Eichung der Erfassungsgeräte",
      amount: info.meteringDeviceFee,
      yourShare: share(info.meteringDeviceFee, tenancy),
    });
  if (info.readingAndBillingFee)
    lines.push({
      kind: "readingAndBilling",
      label: "Ablesung und Abrechnung",
      amount: info.readingAndBillingFee,
      yourShare: share(info.readingAndBillingFee, tenancy),
    });
  // Without the two fees entered: the metering service of the heating cost sheet, as one figure.
  const service = result.heatingCosts?.components.meteringService;
  if (lines.length === 0 && service && parseMoneyToCents(service) > 0) {
    lines.push({
      kind: "meteringService",
      label: "Messdienst: Gerätemiete, Ablesung und Abrechnung",
      amount: service,
      yourShare: share(service, tenancy),
    });
  }
  return lines;
}

function buildChart(
  current: AnnualPeriodConsumption | null,
  previous: AnnualPeriodConsumption | null,
  averageUser: AnnualInformation["averageUser"],
  climateFactor: QuantityValue | null,
): AnnualInformation["chart"] {
  if (!current) return null;
  const isKwh =
    current.weatherCorrectedKwh !== null &&
    (previous === null || previous.weatherCorrectedKwh !== null) &&
    (averageUser === null || averageUser.kwh !== null);
  const factor = new Decimal(climateFactor ?? 1);
  const entries: { kind: AnnualChartBar["kind"]; value: Decimal }[] = [];
  if (previous)
    entries.push({
      kind: "previous",
      value: new Decimal(
        isKwh ? (previous.weatherCorrectedKwh as string) : previous.weatherCorrected,
      ),
    });
  entries.push({
    kind: "current",
    value: new Decimal(isKwh ? (current.weatherCorrectedKwh as string) : current.weatherCorrected),
  });
  // The average user in the same weather as the tenant: weather-corrected with this period's factor.
  if (averageUser)
    entries.push({
      kind: "averageUser",
      value: new Decimal(isKwh ? (averageUser.kwh as string) : averageUser.value).times(factor),
    });
  const longest = entries.reduce((max, entry) => Decimal.max(max, entry.value), ZERO);
  return {
    unit: isKwh ? "kWh" : "units",
    bars: entries.map((entry) => ({
      kind: entry.kind,
      value: isKwh ? WHOLE(entry.value) : TWO(entry.value),
      lengthPercent: longest.isZero()
        ? 0
        : entry.value
            .dividedBy(longest)
            .times(HUNDRED)
            .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
            .toNumber(),
    })),
  };
}
