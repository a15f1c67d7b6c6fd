import type { Fuel } from "../constants/domain.ts";
import type { IsoDate } from "../dates/calendar.ts";
import type { QuantityValue } from "../types.ts";
import { MESSAGES } from "../messages/messages.ts";
import { Decimal, ZERO } from "../money/decimal.ts";
import { formatCents, parseMoneyToCents, roundEurosHalfUpToCents } from "../money/money.ts";
import { splitCombinedHeatingFuel } from "./heizkv-9-fuel-split.ts";

/** Units a fuel quantity is stated in. */
export const FUEL_QUANTITY_UNITS = ["l", "kg", "kWh", "m3", "t"] as const;
export type FuelQuantityUnit = (typeof FUEL_QUANTITY_UNITS)[number];

/** Fuels kept in a tank or store: consumption = opening stock + purchases - closing stock. */
export const STORED_FUELS: readonly Fuel[] = ["oil", "pellets", "lpg", "coal", "wood"];

/** One delivery of a stored fuel inside the period. */
export interface FuelPurchaseInput {
  date: IsoDate;
  /** Decimal text or a JSON number (decision 1043). */
  quantity: QuantityValue;
  /** What the delivery cost, gross, in euros. */
  amount: string;
}

/**
 * extra (issue 24, item 6): the heating cost sheet of the central system (§ 7 (2), § 8 (2)
 * HeizkV) and, for one generator heating rooms and water, the § 9 HeizkV split.
 */
export interface HeatingCostSheetInput {
  fuel: Fuel;
  quantityUnit: FuelQuantityUnit;
  /** Stored fuels: the stock at the start of the period, with its value (the last period's closing value). */
  openingStock?: { quantity: QuantityValue; amount: string } | null;
  /** Stored fuels: deliveries inside the period, in the order they came. */
  purchases?: FuelPurchaseInput[] | null;
  /** Stored fuels: the stock read at the end of the period; valued first in, first out. */
  closingStock?: { quantity: QuantityValue } | null;
  /** Fuels from the grid (gas, district heating): the quantity and the cost of the bill. */
  quantity?: QuantityValue | null;
  fuelCost?: string | null;
  /** Betriebsstrom of burner and pumps. */
  operatingPower?: string | null;
  /** Wartung, Reinigung und Prüfung der Betriebsbereitschaft. */
  maintenance?: string | null;
  /** Messungen nach dem Bundes-Immissionsschutzgesetz (Schornsteinfeger). */
  emissionMeasurement?: string | null;
  /** Anmietung der Erfassungsgeräte, Ablesung und Abrechnung (Messdienst). */
  meteringService?: string | null;
  /** § 9 HeizkV: one generator heats rooms and water without a heat meter for the water. */
  combined?: {
    totalEnergyKwh: QuantityValue;
    hotWaterVolumeM3?: QuantityValue | null;
    hotWaterTemperatureCelsius?: QuantityValue | null;
    hotWaterAreaM2?: QuantityValue | null;
    isGasUpperHeatingValue?: boolean | null;
    isCommercialHeatSupply?: boolean | null;
  } | null;
}

/** A slice of the closing stock: where it came from (FIFO) and what it is worth. */
export interface StockValuationSlice {
  /** "opening" or the purchase's index. */
  source: "opening" | number;
  date: IsoDate | null;
  quantity: string;
  /** The source's price per quantity unit, six decimals. */
  unitPrice: string;
  amount: string;
}

export interface HeatingCostSheet {
  fuel: Fuel;
  quantityUnit: FuelQuantityUnit;
  isStoredFuel: boolean;
  /** Stored fuels only. */
  stock: {
    opening: { quantity: string; amount: string };
    purchases: { date: IsoDate; quantity: string; amount: string; unitPrice: string }[];
    purchasesTotal: { quantity: string; amount: string };
    available: { quantity: string; amount: string };
    closing: { quantity: string; amount: string; slices: StockValuationSlice[] };
  } | null;
  /** The fuel consumed in the period and its cost. */
  consumedQuantity: string;
  fuelCost: string;
  /** fuel cost / consumed quantity, six decimals; null without a quantity. */
  averageUnitPrice: string | null;
  components: {
    operatingPower: string;
    maintenance: string;
    emissionMeasurement: string;
    meteringService: string;
  };
  /** Fuel plus components: the costs of the central system. */
  total: string;
  /** § 9 HeizkV: the split of the total into heating and hot water; null without a combined system. */
  combinedSplit: {
    totalEnergyKwh: string;
    method: "volume" | "area";
    hotWaterVolumeM3: string | null;
    hotWaterTemperatureCelsius: string | null;
    hotWaterAreaM2: string | null;
    /** 2.5 x V x (tw - 10), or 32 x area, before the factors. */
    baseEnergyKwh: string;
    /** 1.11 where gas is billed on the upper heating value. */
    upperHeatingValueFactor: string | null;
    /** 1.15 for commercial heat supply (Q is divided by it). */
    commercialHeatSupplyDivisor: string | null;
    hotWaterEnergyKwh: string;
    heatingEnergyKwh: string;
    hotWaterShare: string;
    hotWaterSharePercent: string;
    hotWaterCost: string;
    heatingCost: string;
  } | null;
  /** What the items Heizung and Warmwasser must amount to. */
  heatingCost: string;
  hotWaterCost: string | null;
}

export type HeatingCostSheetOutcome =
  { ok: true; sheet: HeatingCostSheet } | { ok: false; errors: string[] };

const optionalCents = (text: string | null | undefined): number =>
  text === null || text === undefined ? 0 : parseMoneyToCents(text);

/**
 * Computes the heating cost sheet: for stored fuels the consumption and its cost from opening
 * stock, purchases and the closing stock valued first in, first out (decision 1151: the
 * remaining stock is what was delivered last, at the prices of those deliveries); the cost
 * components; and for a combined generator the § 9 HeizkV split of the whole, Q / total energy.
 */
export function calculateHeatingCostSheet(input: HeatingCostSheetInput): HeatingCostSheetOutcome {
  const isStoredFuel = STORED_FUELS.includes(input.fuel);
  let stock: HeatingCostSheet["stock"] = null;
  let consumedQuantity: Decimal;
  let fuelCents: number;
  if (isStoredFuel) {
    const opening = input.openingStock ?? { quantity: 0, amount: "0.00" };
    const purchases = input.purchases ?? [];
    const closing = new Decimal(input.closingStock?.quantity ?? 0);
    const purchasedQuantity = purchases.reduce((sum, p) => sum.plus(p.quantity), ZERO);
    const availableQuantity = purchasedQuantity.plus(opening.quantity);
    if (closing.greaterThan(availableQuantity))
      return { ok: false, errors: [MESSAGES.heatingSheetClosingAboveStock()] };
    const purchaseCents = purchases.reduce((sum, p) => sum + parseMoneyToCents(p.amount), 0);
    const openingCents = parseMoneyToCents(opening.amount);
    const slices = valueClosingStockFirstInFirstOut(closing, opening, purchases);
    const closingCents = slices.reduce((sum, slice) => sum + parseMoneyToCents(slice.amount), 0);
    consumedQuantity = availableQuantity.minus(closing);
    fuelCents = openingCents + purchaseCents - closingCents;
    stock = {
      opening: {
        quantity: new Decimal(opening.quantity).toFixed(),
        amount: formatCents(openingCents),
      },
      purchases: purchases.map((p) => ({
        date: p.date,
        quantity: new Decimal(p.quantity).toFixed(),
        amount: formatCents(parseMoneyToCents(p.amount)),
        unitPrice: unitPriceText(p.amount, p.quantity),
      })),
      purchasesTotal: { quantity: purchasedQuantity.toFixed(), amount: formatCents(purchaseCents) },
      available: {
        quantity: availableQuantity.toFixed(),
        amount: formatCents(openingCents + purchaseCents),
      },
      closing: { quantity: closing.toFixed(), amount: formatCents(closingCents), slices },
    };
  } else {
    consumedQuantity = new Decimal(input.quantity ?? 0);
    fuelCents = optionalCents(input.fuelCost);
  }
  const components = {
    operatingPower: optionalCents(input.operatingPower),
    maintenance: optionalCents(input.maintenance),
    emissionMeasurement: optionalCents(input.emissionMeasurement),
    meteringService: optionalCents(input.meteringService),
  };
  const totalCents =
    fuelCents +
    components.operatingPower +
    components.maintenance +
    components.emissionMeasurement +
    components.meteringService;
  const total = formatCents(totalCents);

  let combinedSplit: HeatingCostSheet["combinedSplit"] = null;
  if (input.combined) {
    const c = input.combined;
    // § 9 (1) HeizkV: the costs that arose together are split by the shares of the energy.
    const outcome = splitCombinedHeatingFuel({
      totalEnergyKwh: c.totalEnergyKwh,
      fuelCost: total,
      hotWaterVolumeM3: c.hotWaterVolumeM3 ?? null,
      hotWaterTemperatureCelsius: c.hotWaterTemperatureCelsius ?? null,
      hotWaterAreaM2: c.hotWaterAreaM2 ?? null,
      isGasUpperHeatingValue: c.isGasUpperHeatingValue === true,
      isCommercialHeatSupply: c.isCommercialHeatSupply === true,
    });
    if (!outcome.ok) return { ok: false, errors: outcome.errors };
    const split = outcome.result;
    combinedSplit = {
      totalEnergyKwh: new Decimal(c.totalEnergyKwh).toFixed(),
      method: split.method,
      hotWaterVolumeM3:
        split.method === "volume"
          ? new Decimal(c.hotWaterVolumeM3 as QuantityValue).toFixed()
          : null,
      hotWaterTemperatureCelsius:
        split.method === "volume"
          ? new Decimal(c.hotWaterTemperatureCelsius ?? 60).toFixed()
          : null,
      hotWaterAreaM2:
        split.method === "area" ? new Decimal(c.hotWaterAreaM2 as QuantityValue).toFixed() : null,
      baseEnergyKwh: split.baseEnergyKwh,
      upperHeatingValueFactor: c.isGasUpperHeatingValue ? "1.11" : null,
      commercialHeatSupplyDivisor: c.isCommercialHeatSupply ? "1.15" : null,
      hotWaterEnergyKwh: split.hotWaterEnergyKwh,
      heatingEnergyKwh: new Decimal(c.totalEnergyKwh).minus(split.hotWaterEnergyKwh).toFixed(2),
      hotWaterShare: split.hotWaterShare,
      hotWaterSharePercent: new Decimal(split.hotWaterShare).times(100).toFixed(2),
      hotWaterCost: split.hotWaterCost,
      heatingCost: split.heatingCost,
    };
  }
  return {
    ok: true,
    sheet: {
      fuel: input.fuel,
      quantityUnit: input.quantityUnit,
      isStoredFuel,
      stock,
      consumedQuantity: consumedQuantity.toFixed(),
      fuelCost: formatCents(fuelCents),
      averageUnitPrice: consumedQuantity.isZero()
        ? null
        : new Decimal(fuelCents).dividedBy(100).dividedBy(consumedQuantity).toFixed(6),
      components: {
        operatingPower: formatCents(components.operatingPower),
        maintenance: formatCents(components.maintenance),
        emissionMeasurement: formatCents(components.emissionMeasurement),
        meteringService: formatCents(components.meteringService),
      },
      total,
      combinedSplit,
      heatingCost: combinedSplit ? combinedSplit.heatingCost : total,
      hotWaterCost: combinedSplit ? combinedSplit.hotWaterCost : null,
    },
  };
}

function unitPriceText(amount: string, quantity: QuantityValue): string {
  return new Decimal(quantity).greaterThan(0)
    ? new Decimal(amount).dividedBy(quantity).toFixed(6)
    : "0.000000";
}

/**
 * First in, first out (decision 1151): the closing stock is what came last. Walks the
 * purchases from the latest back, then the opening stock, each slice at its source's price,
 * half up to cents.
 */
function valueClosingStockFirstInFirstOut(
  closing: Decimal,
  opening: { quantity: QuantityValue; amount: string },
  purchases: readonly FuelPurchaseInput[],
): StockValuationSlice[] {
  const slices: StockValuationSlice[] = [];
  let remaining = closing;
  for (let index = purchases.length - 1; index >= 0 && remaining.greaterThan(0); index -= 1) {
    const purchase = purchases[index] as FuelPurchaseInput;
    if (!new Decimal(purchase.quantity).greaterThan(0)) continue;
    const taken = Decimal.min(remaining, purchase.quantity);
    slices.push(toSlice(index, purchase.date, taken, purchase.amount, purchase.quantity));
    remaining = remaining.minus(taken);
  }
  if (remaining.greaterThan(0) && new Decimal(opening.quantity).greaterThan(0)) {
    slices.push(toSlice("opening", null, remaining, opening.amount, opening.quantity));
  }
  return slices;
}

function toSlice(
  source: "opening" | number,
  date: IsoDate | null,
  quantity: Decimal,
  amount: string,
  sourceQuantity: QuantityValue,
): StockValuationSlice {
  // The whole delivery left: its exact amount; a part: quantity x amount / delivered quantity.
  const value = quantity.equals(sourceQuantity)
    ? new Decimal(amount)
    : new Decimal(amount).times(quantity).dividedBy(sourceQuantity);
  return {
    source,
    date,
    quantity: quantity.toFixed(),
    unitPrice: unitPriceText(amount, sourceQuantity),
    amount: formatCents(roundEurosHalfUpToCents(value)),
  };
}
