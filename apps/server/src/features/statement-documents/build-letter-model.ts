import {
  addDays,
  allocateCentsByLargestRemainder,
  countDaysInclusive,
  Decimal,
  formatCents,
  getAllocationParts,
  HEATING_COST_TYPE,
  HOT_WATER_COST_TYPE,
  parseMoneyToCents,
  proratePrepayments,
  type Allocation,
  type Fuel,
  type PeriodInput,
  type StatementResult,
} from "@nk/engine";
import { compareDecimalText, formatCalendarDateDe, formatDecimalTextDe, formatEuroDe } from "@nk/contract";
import { buildSettlementGiroCode, formatPaymentPurpose } from "./letter-payment.ts";
import type {
  CostItemWithLabor,
  LetterAnnualInformation,
  LetterCo2,
  LetterCostLine,
  LetterModel,
  LetterSource,
  LetterTaxLine,
  TenancyWithTax,
} from "./letter-model.ts";
import { nthOfType, occurrenceOf } from "./item-lookup.ts";
import { explainKey, explainShare, formatQuantity, keyLabel, lineFraction, METER_LABELS, roundToCentsText } from "./share-explanations.ts";

// Builds the letter of one tenancy from a saved statement (DECISIONS 6 and 9). Pure: the same
// snapshot gives the same letter, which is what lets a finalized PDF be made once and trusted.

export const PAYMENT_DAYS = 30;

const FUEL_LABELS: Readonly<Record<Fuel, string>> = {
  gas: "Erdgas",
  oil: "Heizöl",
  lpg: "Flüssiggas",
  coal: "Kohle",
  wood: "Holz",
  pellets: "Holzpellets",
  district_heating: "Fernwärme",
  other: "sonstiger Energieträger",
};

const MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];

export const TAX_CATEGORY_LABELS = {
  householdServices: "Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)",
  craftsmen: "Handwerkerleistungen (§ 35a Abs. 3 EStG)",
} as const;

export class LetterModelError extends Error {}

/** '2024' for a calendar year, else '01.03.2024 – 28.02.2025'. */
export function formatPeriodLabel(period: PeriodInput): string {
  const year = period.start.slice(0, 4);
  if (period.start === `${year}-01-01` && period.end === `${year}-12-31`) return year;
  return `${formatCalendarDateDe(period.start)} – ${formatCalendarDateDe(period.end)}`;
}

export function isHeatingItem(costType: string): boolean {
  return costType === HEATING_COST_TYPE || costType === HOT_WATER_COST_TYPE;
}

export function buildLetterModel(source: LetterSource): LetterModel {
  const { input, result } = source;
  const tenancy = result.tenancies.find((t) => t.tenancyId === source.tenancyId) as TenancyWithTax | undefined;
  if (!tenancy) throw new LetterModelError(`Mietverhältnis ${source.tenancyId} ist nicht Teil der Abrechnung.`);
  const tenancyInput = input.tenancies.find((t) => t.id === tenancy.tenancyId);
  const unit = input.units.find((u) => u.id === tenancy.unitId);
  const unitName = source.unitNames[tenancy.unitId] ?? tenancy.unitId;
  const tenantName = source.tenancyNames[tenancy.tenancyId] ?? "Mieter";
  const periodLabel = formatPeriodLabel(result.period);
  const periodDays = countDaysInclusive(result.period.start, result.period.end);

  const costLines = buildCostLines(source, tenancy);
  const prepaymentProration = proratePrepayments(tenancyInput?.prepayments ?? [], { from: tenancy.from, to: tenancy.to });
  const prepaymentMonths = prepaymentProration.months.map((month) => ({
    label: `${MONTHS[Number(month.month.slice(5, 7)) - 1]} ${month.month.slice(0, 4)}`,
    days: month.days,
    daysInMonth: month.daysInMonth,
    amount: month.amount,
  }));

  const sign = compareDecimalText(tenancy.balance, "0");
  const resultKind = sign > 0 ? "Nachzahlung" : sign < 0 ? "Guthaben" : "ausgeglichen";
  const resultAmount = tenancy.balance.replace(/^-/, "");
  // Issue 24: the GiroCode asks for what the settlement demands, with a purpose naming the tenant.
  const paymentPurpose = formatPaymentPurpose({ periodLabel, tenantName, unitName, correctionVersion: source.legal.correction?.version ?? null });
  const giroCode = buildSettlementGiroCode(source.legal, source.sender, paymentPurpose);

  const hasHeating = result.items.some((item) => isHeatingItem(item.costType));
  const taxLines = buildTaxLines(source, tenancy.tenancyId);
  const taxTotals = tenancy.taxDeductible ?? (taxLines.length > 0 ? sumTaxLines(taxLines) : null);

  return {
    draft: source.draft,
    correction: source.legal.correction ? { version: source.legal.correction.version, replacesDate: source.legal.correction.previousLetterDate } : (source.correction ?? null),
    sender: source.sender,
    recipient:
      source.recipient ??
      (source.tenantAddress
        ? { name: tenantName, ...source.tenantAddress }
        : { name: tenantName, street: source.property.street, postalCode: source.property.postalCode, city: source.property.city }),
    letterDate: source.letterDate,
    period: result.period,
    periodLabel,
    propertyName: source.property.name,
    propertyAddress: `${source.property.street}, ${source.property.postalCode} ${source.property.city}`,
    unitName,
    tenantName,
    usage: { from: tenancy.from, to: tenancy.to, days: tenancy.days, periodDays, prorated: tenancy.days < periodDays },
    persons: tenancy.persons,
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
    co2: hasHeating ? buildCo2(source, tenancy.allocations) : null,
    annualInformation: hasHeating ? buildAnnualInformation(source, tenancy.unitId, tenancy.tenancyId) : null,
    taxLines,
    taxTotals,
    heatingNotes: result.notes,
  };
}

function buildCostLines(source: LetterSource, tenancy: TenancyWithTax): LetterCostLine[] {
  const { input, result } = source;
  const { allocations } = tenancy;
  return result.items.flatMap((item, index) => {
    const n = occurrenceOf(result.items, index);
    const allocation = nthOfType(allocations, item.costType, n);
    if (!allocation) return [];
    const itemInput = nthOfType(input.costItems, item.costType, n);
    const excluded = (itemInput?.excludedUnits ?? []).map((id) => source.unitNames[id] ?? id);
    return [
      {
        costType: item.costType,
        itemTotal: item.amount,
        co2LandlordShare: compareDecimalText(item.co2LandlordShare, "0") > 0 ? item.co2LandlordShare : null,
        distributed: item.distributed,
        key: item.key,
        keyLabel: keyLabel(item.key),
        keyExplanation: explainKey(item, excluded),
        steps: [
          ...explainShare(item, getAllocationParts(result, tenancy, allocation)),
          // Issue 24: the § 12 (1) HeizkV cut applied up front, with the engine's figures.
          ...(allocation.heizkvReduction
            ? [
                {
                  label: "Kürzung um 15 % (§ 12 Abs. 1 HeizkV)",
                  computation: `15 % von ${formatEuroDe(allocation.amountBeforeReduction ?? allocation.amount)} (auf Cent gerundet), trägt der Vermieter`,
                  amount: `− ${formatEuroDe(allocation.heizkvReduction)} = ${formatEuroDe(allocation.amount)}`,
                },
              ]
            : []),
        ],
        share: allocation.amount,
        allocationNote: itemInput?.allocationNote ?? null,
        heizkvReduction: allocation.heizkvReduction ? { cut: allocation.heizkvReduction, shareBefore: allocation.amountBeforeReduction ?? allocation.amount } : null,
        allocableUntil: item.allocableUntil && item.nonAllocable ? { lastDay: item.allocableUntil, nonAllocable: item.nonAllocable } : null,
      },
    ];
  });
}

function buildCo2(source: LetterSource, allocations: readonly Allocation[]): LetterCo2 | null {
  const co2 = source.result.co2;
  if (!co2) return null;
  const fuel = source.input.co2?.fuel ?? null;
  // The CO2 cost is part of the heating costs; the tenants' part reaches each tenancy with its
  // heating and hot-water shares, so the tenancy's CO2 cost is the tenants' CO2 cost in that ratio.
  let yourCost: string | null = null;
  if (co2.tenantCost !== null) {
    const heatingItems = source.result.items.filter((item) => isHeatingItem(item.costType));
    const distributed = heatingItems.reduce((sum, item) => sum.plus(item.distributed), new Decimal(0));
    const yours = allocations.filter((a) => isHeatingItem(a.costType)).reduce((sum, a) => sum.plus(a.amount), new Decimal(0));
    yourCost = distributed.isZero() ? "0.00" : roundToCentsText(new Decimal(co2.tenantCost).times(yours).dividedBy(distributed));
  }
  const basis = {
    supplier: "Emissionen laut Rechnung des Versorgers",
    computed: "Emissionen berechnet aus dem Brennstoffverbrauch (kWh, Heizwert) und dem Emissionsfaktor",
    efficiencyClass: "Stufe nach der hinterlegten Effizienzklasse (keine Emissionsdaten vorhanden)",
    default: "Standardwert Stufe E (keine Emissionsdaten und keine Effizienzklasse vorhanden)",
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
    yourCost,
    pricePerTonne: co2.pricePerTonne,
  };
}

function buildAnnualInformation(source: LetterSource, unitId: string, tenancyId: string): LetterAnnualInformation {
  const { input, result } = source;
  const heatingValues = (input.consumption ?? []).filter((c) => c.meter === "heating");
  const own = heatingValues.find((c) => c.unitId === unitId && c.tenancyId === tenancyId);
  const unitValue = heatingValues.filter((c) => c.unitId === unitId && !c.tenancyId).reduce((sum, c) => sum + c.value, 0);
  const buildingValue = heatingValues.filter((c) => !c.tenancyId).reduce((sum, c) => sum + c.value, 0);
  const unit = input.units.find((u) => u.id === unitId);
  const totalArea = input.units.reduce((sum, u) => sum + u.area, 0);
  const consumption = own ? own.value : heatingValues.some((c) => c.unitId === unitId) ? unitValue : null;
  const unitLabel = METER_LABELS.heating.unit;
  const co2 = result.co2;
  const taxes: string[] = [];
  if (co2?.pricePerTonne) taxes.push(`CO₂-Preis nach dem Brennstoffemissionshandelsgesetz (BEHG): ${formatDecimalTextDe(co2.pricePerTonne, 2)} € je Tonne`);
  if (co2?.cost) taxes.push(`CO₂-Kosten des Gebäudes im Abrechnungszeitraum: ${formatDecimalTextDe(co2.cost, 2)} €`);
  const vat = input.co2?.vatPercent;
  taxes.push(
    vat
      ? `Umsatzsteuer auf die Brennstoff- und CO₂-Kosten: ${formatQuantity(vat)} %; Energiesteuer und weitere Abgaben sind im Preis des Versorgers enthalten.`
      : "Energiesteuer, Umsatzsteuer und weitere Abgaben sind im Preis laut Rechnung des Versorgers enthalten.",
  );
  return {
    unitConsumption: consumption === null ? null : formatQuantity(consumption),
    unitLabel,
    previous: source.previousHeatingConsumption
      ? { periodLabel: formatPeriodLabel(source.previousHeatingConsumption.period), value: formatQuantity(source.previousHeatingConsumption.value) }
      : null,
    unitPerM2: consumption !== null && unit && unit.area > 0 ? formatQuantity(new Decimal(consumption).dividedBy(unit.area).toNumber(), 2) : null,
    buildingPerM2: buildingValue > 0 && totalArea > 0 ? formatQuantity(new Decimal(buildingValue).dividedBy(totalArea).toNumber(), 2) : null,
    fuelLabel: input.co2?.fuel ? FUEL_LABELS[input.co2.fuel] : null,
    emissionsKg: co2?.emissionsKg ?? null,
    taxesAndLevies: taxes,
    advice: [
      "Verbraucherzentrale Energieberatung: www.verbraucherzentrale-energieberatung.de, Telefon 0800 809 802 400 (kostenfrei)",
      "Bundesamt für Wirtschaft und Ausfuhrkontrolle (BAFA), Energieberatung für Wohngebäude: www.bafa.de",
      "Deutsche Energie-Agentur (dena) und die Energieagenturen der Länder: www.dena.de",
    ],
  };
}

/** § 35a EStG: the tenancy's part of each item's labour costs, distributed with the item's own weights. */
function buildTaxLines(source: LetterSource, tenancyId: string): LetterTaxLine[] {
  const { input, result } = source;
  const lines: LetterTaxLine[] = [];
  const costItems = input.costItems as CostItemWithLabor[];
  for (const [inputIndex, itemInput] of costItems.entries()) {
    const labor = itemInput.laborCosts;
    if (!labor || compareDecimalText(labor, "0") <= 0) continue;
    const n = occurrenceOf(costItems, inputIndex);
    const item = nthOfType(result.items, itemInput.costType, n);
    if (!item) continue;
    const holders = [
      ...result.tenancies.map((t) => ({ id: t.tenancyId as string | null, line: t as { position?: number }, allocation: nthOfType(t.allocations, item.costType, n) })),
      ...result.vacancy.map((v) => ({ id: null as string | null, line: v as { position?: number }, allocation: nthOfType(v.allocations, item.costType, n) })),
    ].filter((h): h is { id: string | null; line: { position?: number }; allocation: Allocation } => h.allocation !== undefined);
    const fractions = holders.map((h) => {
      const parts = getAllocationParts(result, h.line, h.allocation);
      return parts.length > 0 ? lineFraction(parts) : new Decimal(h.allocation.exactAmount).dividedBy(item.distributed);
    });
    const fractionSum = fractions.reduce((sum, f) => sum.plus(f), new Decimal(0));
    if (fractionSum.isZero()) continue;
    const laborCents = parseMoneyToCents(labor);
    const exact = fractions.map((f) => new Decimal(labor).times(f).dividedBy(fractionSum));
    const cents = allocateCentsByLargestRemainder(laborCents, exact);
    const index = holders.findIndex((h) => h.id === tenancyId);
    if (index < 0) continue;
    const category = itemInput.taxCategory ?? "householdServices";
    lines.push({ costType: item.costType, categoryLabel: TAX_CATEGORY_LABELS[category], laborCosts: labor, yourShare: formatCents(cents[index] ?? 0) });
  }
  return lines;
}

function sumTaxLines(lines: readonly LetterTaxLine[]): { householdServices: string; craftsmen: string } {
  const sum = (label: string) => formatCents(lines.filter((l) => l.categoryLabel === label).reduce((s, l) => s + parseMoneyToCents(l.yourShare), 0));
  return { householdServices: sum(TAX_CATEGORY_LABELS.householdServices), craftsmen: sum(TAX_CATEGORY_LABELS.craftsmen) };
}

/** Every tenancy of the statement, for the letters of a whole run. */
export function tenancyIdsOf(result: StatementResult): string[] {
  return result.tenancies.map((t) => t.tenancyId);
}
