import {
  addDays,
  completeStoredResult,
  computeAnnualInformation,
  getAllocationParts,
  HEATING_COST_TYPE,
  HOT_WATER_COST_TYPE,
  type PeriodInput,
  type StatementLetterFigures,
  type StatementResult,
  type TenancyLetterFigures,
  HEIZKV_REDUCTION_PERCENT,
} from "@nk/engine";
import {
  compareDecimalText,
  formatCalendarDateDe,
  formatEuroDe,
  FUEL_LABELS,
  TAX_CATEGORY_LABELS,
} from "@nk/contract";
import { buildSettlementGiroCode, formatPaymentPurpose } from "./letter-payment.ts";
import type {
  LetterAnnualInformation,
  LetterCo2,
  LetterCostLine,
  LetterModel,
  LetterPrepaymentMonth,
  LetterSource,
  LetterTaxLine,
} from "./letter-model.ts";
import { nthOfType, occurrenceOf } from "./item-lookup.ts";
import { findTenancyIndex, findUnit } from "./run-lookup.ts";
import { formatAnnualInformation } from "./letter-annual-information.ts";
import { formatCo2Basis } from "./letter-co2-basis.ts";
import { formatHeatingSheet } from "./letter-heating-sheet.ts";
import {
  describeOccupancy,
  explainKey,
  explainShare,
  formatPersons,
  formatQuantity,
  keyLabel,
} from "./share-explanations.ts";

// Builds the letter of one tenancy from a saved statement (docs/rules/statements.md#letter-contents, docs/rules/statements.md#saved-runs). Pure: the same
// snapshot gives the same letter, which is what lets a finalized PDF be made once and trusted.
// It only formats: every amount, quantity and share it prints is a figure of the engine's
// result (contract v1.2, `result.letters`; issue 25, decision 1040); the lint rule
// documents/no-arithmetic keeps rounding and arithmetic helpers out of this feature.

const PAYMENT_DAYS = 30;

/** Month names by the month's digits of a YYYY-MM date. */
const MONTHS: Record<string, string> = {
  "01": "Januar",
  "02": "Februar",
  "03": "März",
  "04": "April",
  "05": "Mai",
  "06": "Juni",
  "07": "Juli",
  "08": "August",
  "09": "September",
  "10": "Oktober",
  "11": "November",
  "12": "Dezember",
};

class LetterModelError extends Error {}

/** '2024' for a calendar year, else '01.03.2024 – 28.02.2025'. */
export function formatPeriodLabel(period: PeriodInput): string {
  const year = period.start.slice(0, 4);
  if (period.start === `${year}-01-01` && period.end === `${year}-12-31`) return year;
  return `${formatCalendarDateDe(period.start)} – ${formatCalendarDateDe(period.end)}`;
}

function isHeatingItem(costType: string): boolean {
  return costType === HEATING_COST_TYPE || costType === HOT_WATER_COST_TYPE;
}

/**
 * The letter figures of a result (contract v1.2): as stored, or, for a run stored before
 * v1.2, made by the engine from the run's own stored shares (decision 1040).
 */
export function getLetterFigures(
  source: Pick<LetterSource, "input" | "result">,
): StatementLetterFigures {
  return (
    source.result.letters ??
    (completeStoredResult(source.input, source.result).letters as StatementLetterFigures)
  );
}

/**
 * A stored result completed to the current shape, once per stored object: checking the shape
 * reads every line of the run, so doing it in every letter made a run's letters grow with the
 * square of its tenancies (issue 32, decision 1084).
 */
const completedResults = new WeakMap<object, StatementResult>();

function completeResultOnce(
  input: LetterSource["input"],
  stored: LetterSource["result"],
): StatementResult {
  const known = completedResults.get(stored);
  if (known) return known;
  const complete = completeStoredResult(input, stored);
  completedResults.set(stored, complete);
  completedResults.set(complete, complete);
  return complete;
}

export function buildLetterModel(stored: LetterSource): LetterModel {
  // A run stored by an earlier engine, completed to the current shape (its figures unchanged).
  const source = { ...stored, result: completeResultOnce(stored.input, stored.result) };
  const { input, result } = source;
  const tenancyIndex = findTenancyIndex(result.tenancies, source.tenancyId);
  const tenancy = result.tenancies[tenancyIndex];
  if (!tenancy)
    throw new LetterModelError(`Mietverhältnis ${source.tenancyId} ist nicht Teil der Abrechnung.`);
  const figures = source.figures ?? getLetterFigures(source);
  const tenancyFigures = figures.tenancies[tenancyIndex];
  if (!tenancyFigures || tenancyFigures.tenancyId !== tenancy.tenancyId)
    throw new LetterModelError(`Mietverhältnis ${source.tenancyId} hat keine Briefzahlen.`);
  const unit = findUnit(input, tenancy.unitId);
  const unitName = source.unitNames[tenancy.unitId] ?? tenancy.unitId;
  const tenantName = source.tenancyNames[tenancy.tenancyId] ?? "Mieter";
  const periodLabel = formatPeriodLabel(result.period);
  const periodDays = figures.periodDays;

  const costLines = buildCostLines(source, tenancy, figures);
  const prepaymentMonths = buildPrepaymentRows(tenancyFigures);

  const sign = compareDecimalText(tenancy.balance, "0");
  const resultKind = sign > 0 ? "Nachzahlung" : sign < 0 ? "Guthaben" : "ausgeglichen";
  const resultAmount = tenancy.balance.replace(/^-/, "");
  // Issue 24: the GiroCode asks for what the settlement demands, with a purpose naming the tenant.
  const paymentPurpose = formatPaymentPurpose({
    periodLabel,
    tenantName,
    unitName,
    correctionVersion: source.legal.correction?.version ?? null,
  });
  const giroCode = buildSettlementGiroCode(source.legal, source.sender, paymentPurpose);

  const hasHeating = result.items.some((item) => isHeatingItem(item.costType));
  const taxLines = buildTaxLines(result, tenancy);
  // Contract v1.1: the sums of the same labour lines (results stored before v1.1 have none, and no lines).
  const taxTotals = (tenancy.taxDeductible as typeof tenancy.taxDeductible | undefined) ?? null;

  return {
    draft: source.draft,
    correction: source.legal.correction
      ? {
          version: source.legal.correction.version,
          replacesDate: source.legal.correction.previousLetterDate,
        }
      : (source.correction ?? null),
    sender: source.sender,
    recipient:
      source.recipient ??
      (source.tenantAddress
        ? { name: tenantName, ...source.tenantAddress }
        : {
            name: tenantName,
            street: source.property.street,
            postalCode: source.property.postalCode,
            city: source.property.city,
          }),
    letterDate: source.letterDate,
    period: result.period,
    periodLabel,
    propertyName: source.property.name,
    propertyAddress: `${source.property.street}, ${source.property.postalCode} ${source.property.city}`,
    unitName,
    tenantName,
    usage: {
      from: tenancy.from,
      to: tenancy.to,
      days: tenancy.days,
      periodDays,
      prorated: tenancy.days < periodDays,
    },
    persons: tenancy.persons,
    // Issue 24, item 13: the persons of the occupant periods, as the persons key counts them.
    personsText:
      tenancy.occupancy && tenancy.occupancy.length > 0
        ? describeOccupancy(tenancy.occupancy, formatCalendarDateDe)
        : formatPersons(tenancy.persons),
    unitArea: unit?.area ?? 0,
    costLines,
    totalCosts: tenancy.total,
    prepaymentMonths,
    prepayments: tenancy.prepayments,
    balance: tenancy.balance,
    result: resultKind,
    resultAmount,
    dueDate: addDays(source.letterDate, PAYMENT_DAYS),
    paymentPurpose,
    giroCode,
    legal: source.legal,
    meterReadings: source.meterReadings ?? [],
    hasHeating,
    co2: hasHeating ? buildCo2(source, tenancyFigures) : null,
    heatingSheet:
      hasHeating && result.heatingCosts
        ? formatHeatingSheet(result.heatingCosts, result.period)
        : null,
    annualInformation: hasHeating ? buildAnnualInformation(source) : null,
    taxLines,
    taxTotals,
    heatingNotes: result.notes,
  };
}

function buildCostLines(
  source: LetterSource,
  tenancy: StatementResult["tenancies"][number],
  figures: StatementLetterFigures,
): LetterCostLine[] {
  const { input, result } = source;
  const { allocations } = tenancy;
  return result.items.flatMap((item, index) => {
    const n = occurrenceOf(result.items, index);
    const allocation = nthOfType(allocations, item.costType, n);
    const itemInput = nthOfType(input.costItems, item.costType, n);
    const excluded = (itemInput?.excludedUnits ?? []).map((id) => source.unitNames[id] ?? id);
    // Issue 24, item 13: an item the flat takes no part in is listed, so the lines add up to "Summe".
    if (!allocation)
      return [
        notParticipatingLine(item, excluded, source.unitNames[tenancy.unitId] ?? tenancy.unitId),
      ];
    const consumption = item.meter
      ? tenancy.consumption?.find((c) => c.meter === item.meter)
      : undefined;
    const itemFigures = figures.items[index];
    // An item of one part has one step: its result is the share before a § 12 cut.
    const stepResults = itemFigures?.partAmounts
      ? itemFigures.partAmounts.map((amounts) => amounts[tenancy.position] ?? "0.00")
      : [allocation.amountBeforeReduction ?? allocation.amount];
    return [
      {
        costType: item.costType,
        itemTotal: item.amount,
        co2LandlordShare:
          compareDecimalText(item.co2LandlordShare, "0") > 0 ? item.co2LandlordShare : null,
        distributed: item.distributed,
        key: item.key,
        keyLabel: keyLabel(item.key),
        keyExplanation: explainKey(item, excluded, input.vacancyPersons ?? 0),
        steps: [
          ...explainShare(
            item,
            getAllocationParts(result, tenancy, allocation),
            itemFigures?.partBases ?? [],
            stepResults,
            { occupancy: tenancy.occupancy, consumption },
          ),
          // Issue 24: the § 12 (1) HeizkV cut applied up front, with the engine's figures.
          ...(allocation.heizkvReduction
            ? [
                {
                  label: `Kürzung um ${allocation.heizkvReductionPercent ?? HEIZKV_REDUCTION_PERCENT} % (§ 12 Abs. 1 HeizkV)`,
                  computation: `${allocation.heizkvReductionPercent ?? HEIZKV_REDUCTION_PERCENT} % von ${formatEuroDe(allocation.amountBeforeReduction ?? allocation.amount)} (auf Cent gerundet), trägt der Vermieter`,
                  amount: `− ${formatEuroDe(allocation.heizkvReduction)} = ${formatEuroDe(allocation.amount)}`,
                },
              ]
            : []),
        ],
        share: allocation.amount,
        allocationNote: itemInput?.allocationNote ?? null,
        // Runs before issue 30 only knew the 15 % cut and stored no percent.
        heizkvReduction: allocation.heizkvReduction
          ? {
              cut: allocation.heizkvReduction,
              shareBefore: allocation.amountBeforeReduction ?? allocation.amount,
              percent: allocation.heizkvReductionPercent ?? HEIZKV_REDUCTION_PERCENT,
            }
          : null,
        allocableUntil:
          item.allocableUntil && item.nonAllocable
            ? { lastDay: item.allocableUntil, nonAllocable: item.nonAllocable }
            : null,
        notParticipating: null,
      },
    ];
  });
}

/** An item the tenancy's flat takes no part in: excluded by the landlord, or hot water heated in the flat. */
function notParticipatingLine(
  item: StatementResult["items"][number],
  excludedNames: readonly string[],
  unitName: string,
): LetterCostLine {
  const reason =
    item.costType === HOT_WATER_COST_TYPE && !excludedNames.includes(unitName)
      ? `Ihre Wohnung ${unitName} bereitet ihr Warmwasser selbst und ist an dieser Kostenart nicht beteiligt.`
      : `Ihre Wohnung ${unitName} ist an dieser Kostenart nicht beteiligt.`;
  return {
    costType: item.costType,
    itemTotal: item.amount,
    co2LandlordShare:
      compareDecimalText(item.co2LandlordShare, "0") > 0 ? item.co2LandlordShare : null,
    distributed: item.distributed,
    key: item.key,
    keyLabel: keyLabel(item.key),
    keyExplanation: reason,
    steps: [],
    share: "0.00",
    allocationNote: null,
    heizkvReduction: null,
    allocableUntil:
      item.allocableUntil && item.nonAllocable
        ? { lastDay: item.allocableUntil, nonAllocable: item.nonAllocable }
        : null,
    notParticipating: reason,
  };
}

function buildCo2(source: LetterSource, figures: TenancyLetterFigures): LetterCo2 | null {
  const co2 = source.result.co2;
  if (!co2) return null;
  const fuel = source.input.co2?.fuel ?? null;
  const basis = {
    supplier: "Emissionen laut Rechnung des Versorgers",
    computed:
      "Emissionen berechnet aus dem Brennstoffverbrauch (kWh, Heizwert) und dem Emissionsfaktor",
    efficiencyClass: `Stufe ${co2.stage} nach der hinterlegten Einstufung des Gebäudes (keine Emissionsdaten vorhanden)`,
    default: `Standardwert Stufe ${co2.stage} (keine Emissionsdaten und keine Einstufung des Gebäudes vorhanden)`,
  }[co2.source];
  return {
    fuelLabel: fuel ? FUEL_LABELS[fuel] : null,
    emissionsKg: co2.emissionsKg,
    area: String(co2.area),
    kgPerM2: co2.kgPerM2,
    stage: co2.stage,
    stageClass: co2.class,
    tenantPercent: co2.tenantPercent,
    landlordPercent: co2.landlordPercent,
    basis,
    cost: co2.cost,
    tenantCost: co2.tenantCost,
    landlordCost: co2.landlordCost,
    // The engine's split of the tenants' CO2 cost over the lines (contract v1.2).
    yourCost: co2.tenantCost !== null ? (figures.co2?.tenantCost ?? "0.00") : null,
    yourLandlordShare: co2.landlordCost !== null && figures.co2 ? figures.co2.landlordShare : null,
    pricePerTonne: co2.pricePerTonne,
    calculation: formatCo2Basis(co2, fuel),
  };
}

/**
 * § 6a (3) HeizkV (issue 24, item 12, decision 1160): the engine's annual information of the
 * tenancy (computed with the previous run by the snapshot reader; without one here), formatted,
 * with the VAT rate the inputs name.
 */
function buildAnnualInformation(source: LetterSource): LetterAnnualInformation | null {
  const info =
    source.annualInformation !== undefined
      ? source.annualInformation
      : computeAnnualInformation({
          input: source.input,
          result: source.result,
          tenancyId: source.tenancyId,
          previous: null,
        });
  if (!info) return null;
  const formatted = formatAnnualInformation(info);
  const vat = source.input.co2?.vatPercent;
  const taxNote = vat
    ? `Umsatzsteuer auf die Brennstoff- und CO₂-Kosten: ${formatQuantity(vat)} %; Energiesteuer und weitere Abgaben sind im Preis des Versorgers enthalten, soweit oben nicht einzeln genannt.`
    : "Energiesteuer, Umsatzsteuer und weitere Abgaben sind im Preis laut Rechnung des Versorgers enthalten, soweit oben nicht einzeln genannt.";
  return { ...formatted, comparisonNotes: [...formatted.comparisonNotes, taxNote] };
}

/**
 * § 35a EStG: the tenancy's part of each item's labour costs, as the engine distributed it
 * with the item's own weights (allocation.laborCosts, contract v1.1): the lines add up to
 * the tenancy's taxDeductible sums exactly.
 */
function buildTaxLines(
  result: StatementResult,
  tenancy: StatementResult["tenancies"][number],
): LetterTaxLine[] {
  return tenancy.allocations.flatMap((allocation) => {
    const item = result.items[allocation.item];
    if (
      allocation.laborCosts === undefined ||
      !item?.laborCosts ||
      compareDecimalText(item.laborCosts, "0") <= 0
    )
      return [];
    const category = item.taxCategory ?? "householdServices";
    return [
      {
        costType: item.costType,
        categoryLabel: TAX_CATEGORY_LABELS[category],
        laborCosts: item.laborCosts,
        yourShare: allocation.laborCosts,
      },
    ];
  });
}

// The prepayments by month: the engine's runs of equal whole months, one row per month.
function buildPrepaymentRows(figures: TenancyLetterFigures): LetterPrepaymentMonth[] {
  return figures.prepaymentRuns.flatMap((run) =>
    run.months.map((month) => ({
      label: `${MONTHS[month.slice(5, 7)]} ${month.slice(0, 4)}`,
      days: run.days,
      daysInMonth: run.daysInMonth,
      amount: run.monthly,
    })),
  );
}
