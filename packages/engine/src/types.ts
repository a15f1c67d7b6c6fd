/**
 * The statement calculation's input and output: contract v1.1 (v1.4: the key "direct")
 * (calculation contract v1.1: docs/decisions/0400-calculation-contract-v1-1.md). Dates are "YYYY-MM-DD", inclusive; money is a
 * decimal string in euros with two decimals; quantities are decimal text or JSON numbers
 * (v1.5, decision 1640: areas, consumption, the CO2 figures, percentages; persons are whole numbers). Fields
 * beyond the contract's are marked "extra": they may be read, but the contract names only
 * the others.
 */
import type {
  DistributionKey,
  EfficiencyClass,
  Fuel,
  ItemMeter,
  MeterKind,
  PropertyType,
  TaxCategory,
} from "./constants/domain.ts";
import type { Co2Calculation, Co2Source } from "./co2/co2-split.ts";
import type { IsoDate } from "./dates/calendar.ts";
import type { AnnualInformationInput } from "./heating/annual-information.ts";
import type { HeatingCostSheet, HeatingCostSheetInput } from "./heating/heating-cost-sheet.ts";
import type { StatementLetterFigures } from "./statement/letter-figures.ts";

export type { IsoDate } from "./dates/calendar.ts";

/** A money amount in euros as text, e.g. "1234.56". */
export type MoneyString = string;

/**
 * Issue 25 (decision 1043): a quantity (m², a consumption value, a fuel quantity) as decimal text
 * ("1234.567": not negative, up to 12 digits and 9 decimals), read exactly, so a value goes from
 * the database to the engine as the one text it is stored as. A JSON number (contract v1.1, the
 * calculation examples) stays valid and is read as the decimal text it was written as.
 */
export type QuantityValue = number | string;

export interface PeriodInput {
  start: IsoDate;
  end: IsoDate;
}

export interface UnitInput {
  id: string;
  /** Living area in m2 (decimal text or a JSON number). */
  area: QuantityValue;
  /** Persons living in the unit; the default for its tenancies. Default 0. */
  persons?: number;
  /** The unit heats its own water: it takes no part in Warmwasser items. */
  decentralizedHotWater?: boolean;
}

export interface PrepaymentInput {
  monthlyAmount: MoneyString;
  validFrom: IsoDate;
  /** null or absent: open end. */
  validUntil?: IsoDate | null;
}

/**
 * v1.1: who lived in the tenancy when. A day of the tenancy inside a period counts that
 * period's persons; any other day counts the tenancy's persons. Periods of one tenancy
 * must not overlap.
 */
export interface OccupantInput {
  from: IsoDate;
  /** null or absent: open end. */
  to?: IsoDate | null;
  persons: number;
}

export interface TenancyInput {
  id: string;
  unitId: string;
  start: IsoDate;
  /** null or absent: open end. */
  end?: IsoDate | null;
  /** Default: the unit's persons. */
  persons?: number;
  /** v1.1: the tenant's occupant periods. */
  occupants?: OccupantInput[];
  prepayments?: PrepaymentInput[];
}

export interface ConsumptionInput {
  unitId: string;
  /** Set for an intermediate reading: the tenancy's own consumption inside the period. */
  tenancyId?: string | null;
  meter: MeterKind;
  /** Decimal text or a JSON number (decision 1043). */
  value: QuantityValue;
  /** extra (issue 24): the value is an estimate (§ 9a HeizkV); the lines it reaches are marked. */
  estimated?: boolean | null;
}

/** extra (issue 24): one reading of a meter: its day, its value as decimal text, estimated or read. */
export interface ReadingPointInput {
  date: IsoDate;
  /** Decimal text, up to 9 decimals ("1234.567"). */
  value: string;
  /** The value was estimated (§ 9a HeizkV), not read. */
  estimated?: boolean | null;
}

/**
 * extra (issue 24): a unit meter with its readings, in place of a consumption value: the engine
 * finds the readings on the days a tenancy or vacancy begins or ends (§ 9b (1) HeizkV) and
 * derives each line's consumption from them; between two readings that enclose several lines
 * it splits by degree days (heating) or days (§ 9b (2), (3) HeizkV). Several meters of one
 * kind in a unit add up.
 */
export interface MeterReadingsInput {
  meterId: string;
  unitId: string;
  meter: MeterKind;
  /** false: a Heizkostenverteiler counting from zero each period (no start value). Default true. */
  cumulative?: boolean | null;
  /** The value at the period's start; required for a cumulative meter. */
  start?: ReadingPointInput | null;
  /** The value at the period's end. */
  end: ReadingPointInput;
  /** Readings inside the period; those on a tenancy or vacancy boundary are used. */
  readings?: ReadingPointInput[];
}

/**
 * v1.4 (docs/calculation/15-direkter-schluessel.md): a tenancy's own amount of a cost item with
 * the key "direct" (the metering company's result for the flat, a flat's own invoice).
 */
export interface DirectAmountInput {
  tenancyId: string;
  amount: MoneyString;
  /** The tenancy's own labour part (§ 35a EStG) of its amount, in the item's tax category. */
  laborCosts?: MoneyString | null;
}

export interface CostItemInput {
  costType: string;
  amount: MoneyString;
  key: DistributionKey;
  /**
   * mixed only: percent distributed by consumption; the rest by area. Default 70. v1.5
   * (decision 1640): decimal text ("62.5") or, as before, a JSON number.
   */
  consumptionShare?: QuantityValue | null;
  /**
   * consumption and mixed: which series; default by cost type (Heizung: heating, ...).
   * extra (issue 24): "water" = cold-water plus hot-water meters.
   */
  meter?: ItemMeter | null;
  excludedUnits?: string[];
  /** v1.1: the labour part of the amount (§ 35a EStG); 0 <= laborCosts <= amount. */
  laborCosts?: MoneyString | null;
  /** v1.1: which kind of labour; default householdServices. */
  taxCategory?: TaxCategory | null;
  /**
   * extra (issue 24): § 12 (1) HeizkV. Heizung or Warmwasser distributed not by consumption
   * (area, persons, units): each tenancy's share is cut by 15 % up front and the landlord
   * bears the cut. Refused on other items.
   */
  heizkvReduction?: boolean | null;
  /**
   * extra (issue 30, decision 1630): § 12 (1) Satz 2 HeizkV. Heating or hot-water devices
   * lacked the remote reading § 5 HeizkV requires: each tenancy's share is cut by 3 % up front,
   * the same way as the 15 % cut (which it may not be combined with). Refused on other items.
   */
  heizkvRemoteReadingCut?: boolean | null;
  /**
   * extra (issue 30): devices lacked the required remote reading in the period and no cut is
   * taken up front: the statement tells the tenant of their 3 % right (§ 12 (1) HeizkV).
   */
  heizkvRemoteReadingMissing?: boolean | null;
  /**
   * extra (issue 24): the last day the cost type may be charged (BetrKV § 2 Nr. 15: cable
   * fees until 2024-06-30). Only the part of the amount for the days up to it (by days) is
   * distributed, over the lines' days up to it; the rest is the landlord's. Not with the keys
   * consumption and mixed.
   */
  allocableUntil?: IsoDate | null;
  /**
   * extra (issue 24): why a cost type that may be charged only by agreement is charged (the
   * lease clause), as the landlord confirmed it. Not used by the calculation; printed.
   */
  allocationNote?: string | null;
  /**
   * v1.4, key "direct" only: each tenancy's amount. Tenancies of the item without an entry
   * take 0. With vacancyAmount they add up to `amount` exactly.
   */
  directAmounts?: DirectAmountInput[] | null;
  /** v1.4, key "direct" only: the vacancy's amount (the landlord's), over the vacancy lines by days. Default 0. */
  vacancyAmount?: MoneyString | null;
}

/**
 * v1.5 (decision 1640): every quantity of the CO2 split (kg, kWh, the factor, the price per
 * tonne, the VAT percent, the area) as decimal text, read exactly; a JSON number (v1.0 to v1.4,
 * stored runs, the calculation examples) stays valid.
 */
export interface Co2Input {
  emissionsKg?: QuantityValue | null;
  fuel?: Fuel | null;
  consumptionKwh?: QuantityValue | null;
  heatingValue?: "upper" | "lower" | null;
  /** extra: kg CO2 per kWh as the supplier states it (district heating). */
  emissionFactor?: QuantityValue | null;
  pricePerTonne?: QuantityValue | null;
  cost?: MoneyString | null;
  vatPercent?: QuantityValue | null;
  /** Default: the sum of all units' areas. */
  area?: QuantityValue | null;
}

export interface StatementInput {
  period: PeriodInput;
  propertyType?: PropertyType;
  efficiencyClass?: EfficiencyClass | null;
  units: UnitInput[];
  tenancies: TenancyInput[];
  consumption?: ConsumptionInput[];
  /** extra (issue 24): unit meters with their readings; a unit and meter kind has these or consumption values, not both. */
  meterReadings?: MeterReadingsInput[];
  /**
   * extra (issue 24, decision 1140): persons counted for each day of vacancy under the persons key
   * (the landlord's fictitious person). Default 0 (contract v1.1).
   */
  vacancyPersons?: number | null;
  costItems: CostItemInput[];
  co2?: Co2Input | null;
  /**
   * extra (issue 24, item 6): the heating cost sheet (fuel, stocks, components) and the § 9
   * HeizkV split; the items Heizung (and Warmwasser) must amount to what it gives.
   */
  heatingCosts?: HeatingCostSheetInput | null;
  /**
   * extra (issue 24, item 12, decision 1160): the period's inputs of the § 6a (3) HeizkV annual
   * information (energy mix, levies, metering fees, Klimafaktor); computeAnnualInformation reads them.
   */
  annualInformation?: AnnualInformationInput | null;
}

/** The basis of a part of an item: what its weights measure. */
export type AllocationBasis = "area" | "persons" | "units" | "consumption" | "direct";

/**
 * What a basis contributes to one line of one item: the step-by-step basis in the shape the
 * letters and the web show (extra). The result keeps it compactly in `basis`
 * (decision 0403); getAllocationParts builds these for one allocation.
 */
export interface AllocationPart {
  basis: AllocationBasis;
  /** Percent of the item's distributed amount that goes by this basis. */
  percent: number;
  /** The line's quantity: m2, persons, 1 unit, its consumption, or its direct amount in euros (v1.4). */
  quantity: number;
  /** Days, or degree-day per mille for Heizung; null for consumption. */
  timeWeight: number | null;
  /** quantity x timeWeight (or the consumption). */
  weight: number;
  /** The sum of the weights of all lines of the item. */
  totalWeight: number;
  /** The exact euros of this part, six decimals. */
  exactAmount: string;
}

export interface Allocation {
  costType: string;
  /** Rounded by largest remainder within the item. */
  amount: MoneyString;
  /** extra */
  key: DistributionKey;
  /** extra: the exact share before rounding, six decimals. */
  exactAmount: string;
  /** extra: the item's index in `items` and in `basis.items`. */
  item: number;
  /** extra (v1.1): the line's share of the item's labour part; only for items with laborCosts. */
  laborCosts?: MoneyString;
  /**
   * extra (issue 24): the § 12 (1) HeizkV cut of 15 % taken off this tenancy's share, half up
   * to cents; `amount` is the share after the cut. Only on items with heizkvReduction.
   */
  heizkvReduction?: MoneyString;
  /** extra (issue 30): the percent of that cut: 15 (not by consumption) or 3 (no remote reading). */
  heizkvReductionPercent?: number;
  /** extra (issue 24): the share before the § 12 (1) HeizkV cut (amount + heizkvReduction). */
  amountBeforeReduction?: MoneyString;
}

/**
 * An allocation as results stored before decision 0403 have it: the step-by-step basis
 * inline, one object per part and line. New results never have `parts`; readers of stored
 * results go through getAllocationParts, which reads both.
 */
export interface StoredAllocation {
  exactAmount: string;
  item?: number;
  parts?: AllocationPart[];
}

/**
 * Figures of every line by its position (TenancyStatement.position, VacancyStatement.position)
 * for one basis and one kind of time, as display numbers (six decimals at most). Shared by
 * all items that weigh with them: the figures of a line stand here once, not once per item.
 */
export interface BasisSeries {
  basis: AllocationBasis;
  /** m2, persons (their average over the line's time), 1 unit, the consumption, or the direct amount in euros (v1.4). */
  quantities: number[];
  /** Days, or degree-day per mille for Heizung; null for consumption. */
  timeWeights: number[] | null;
  /** quantity x time (person-days from the occupant periods), or the consumption. */
  weights: number[];
}

/** One basis of one item (mixed items have two). */
export interface PartBasis {
  basis: AllocationBasis;
  /** Percent of the item's distributed amount that goes by this basis. */
  percent: number;
  /** Index into `StatementBasis.series`: the lines' quantities, times and weights. */
  series: number;
  /** The sum of the weights of the item's lines. */
  totalWeight: number;
  /**
   * The exact euros of this part by line position, six decimals; null at lines that take no
   * part in the item. Null for an item of one part: there the allocation's exactAmount is
   * the part's.
   */
  exactAmounts: (string | null)[] | null;
}

export interface ItemBasis {
  parts: PartBasis[];
}

/**
 * extra: the step-by-step basis of every allocation, compactly (decision 0403): the figures
 * of the lines once per series, per item only its parts. Allocation a of line l has, for
 * each part p of items[a.item], quantity series[p.series].quantities[l.position], its time
 * weight, weight, p.totalWeight and the part's exact amount.
 */
export interface StatementBasis {
  series: BasisSeries[];
  /** Same order as StatementResult.items. */
  items: ItemBasis[];
}

/** extra (issue 24): a reading a line's consumption starts or ends with. */
export interface ReadingPoint {
  date: IsoDate;
  value: string;
  estimated: boolean;
}

/** extra (issue 24): one meter's part in a line's consumption. */
export interface LineMeterReading {
  meterId: string;
  /** false: a Heizkostenverteiler counting from zero each period. */
  isCumulative: boolean;
  /**
   * The readings that enclose the stretch this value comes from: the line's own start and end
   * readings when measured; for an apportioned value the readings around the stretch of
   * several lines. start null: a Heizkostenverteiler's start of the period (zero).
   */
  start: ReadingPoint | null;
  end: ReadingPoint;
  /** The line's consumption of this meter (decimal text, six decimals at most). */
  value: string;
  /** Apportioned: the stretch between the readings covers other lines too (§ 9b (3) HeizkV). */
  apportionment: {
    by: "degreeDays" | "days";
    /** The stretch's days and its consumption (end - start). */
    from: IsoDate;
    to: IsoDate;
    stretchValue: string;
    /** The line's time weight (degree-day per mille or days) and the stretch's. */
    weight: number;
    totalWeight: number;
  } | null;
}

/**
 * extra (issue 24): a line's own consumption of one meter kind, as the key "consumption" uses
 * it: measured between its own readings, or apportioned where no reading bounds it.
 */
export interface LineConsumption {
  meter: MeterKind;
  /** Decimal text, six decimals at most; the quantity the consumption key weighs. */
  value: string;
  /** measured: read for this line alone; apportioned: split by degree days or days (§ 9b HeizkV). */
  method: "measured" | "apportioned" | "partlyApportioned";
  /** How apportioned values were split: degree days (heating) or days. */
  apportionedBy: "degreeDays" | "days" | null;
  /** A reading or value behind it is an estimate (§ 9a HeizkV). */
  isEstimated: boolean;
  /** Per meter where the input gave readings; empty for consumption values. */
  meters: LineMeterReading[];
}

/** extra (issue 24): one stretch of a tenancy with the same persons. */
export interface OccupancyStretch {
  from: IsoDate;
  to: IsoDate;
  persons: number;
  days: number;
  /** Degree-day weight of the stretch, per mille (heating items weigh persons with it). */
  degreeDayPerMille: number;
}

/** v1.1: a tenancy's labour shares by category (§ 35a (2) and (3) EStG). */
export interface TaxDeductible {
  householdServices: MoneyString;
  craftsmen: MoneyString;
}

export interface TenancyStatement {
  /** extra: the line's position (units in input order, then by date); indexes `basis`. */
  position: number;
  tenancyId: string;
  unitId: string;
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** extra */
  persons: number;
  /** extra: degree-day weight of the days, per mille of a year. */
  degreeDayPerMille: number;
  /** extra (issue 24): who lived there when (occupant periods, else the tenancy's persons). */
  occupancy?: OccupancyStretch[];
  /** extra (issue 24): the sum of persons x days over the tenancy's days. */
  personDays?: number;
  /** extra (issue 24): the line's consumption per meter kind the unit has values for. */
  consumption?: LineConsumption[];
  allocations: Allocation[];
  total: MoneyString;
  prepayments: MoneyString;
  /** total - prepayments: positive = Nachzahlung, negative = Guthaben. */
  balance: MoneyString;
  /** v1.1: the sums of the tenancy's labour lines by category. */
  taxDeductible: TaxDeductible;
}

export interface VacancyStatement {
  /** extra: the line's position (units in input order, then by date); indexes `basis`. */
  position: number;
  unitId: string;
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** extra */
  degreeDayPerMille: number;
  /** extra (issue 24): persons counted for the vacancy under the persons key (input vacancyPersons). */
  persons?: number;
  /** extra (issue 24): the line's consumption per meter kind the unit has values for. */
  consumption?: LineConsumption[];
  allocations: Allocation[];
  total: MoneyString;
}

/** extra (issue 24): a unit's consumption of one meter kind in the period (the sum of its lines). */
export interface UnitConsumption {
  unitId: string;
  meter: MeterKind;
  value: string;
}

export interface ItemSummary {
  costType: string;
  amount: MoneyString;
  /** amount minus the CO2 landlord share. */
  distributed: MoneyString;
  /**
   * vacancy lines + the CO2 landlord share of this item (+ since issue 24 the § 12 (1) HeizkV
   * cuts and the part after allocableUntil, where the input asks for them).
   */
  landlord: MoneyString;
  /** extra */
  key: DistributionKey;
  /** extra: the vacancy lines alone. */
  vacancy: MoneyString;
  /** extra: the CO2 landlord share taken off this item. */
  co2LandlordShare: MoneyString;
  /** extra: mixed only. */
  consumptionShare: number | null;
  /** extra: consumption and mixed only. */
  meter: ItemMeter | null;
  /** extra (v1.1): the labour part, only where the input has one. */
  laborCosts?: MoneyString;
  /** extra (v1.1): the labour part's category, only where the input has laborCosts. */
  taxCategory?: TaxCategory;
  /** extra (issue 24): the sum of the tenancies' § 12 (1) HeizkV cuts (part of `landlord`). */
  heizkvReduction?: MoneyString;
  /** extra (issue 30): the percent of the cut, 15 or 3. */
  heizkvReductionPercent?: number;
  /** extra (issue 24): the item's last allocable day, where the input limits it. */
  allocableUntil?: IsoDate;
  /** extra (issue 24): the part of the amount after allocableUntil (part of `landlord`). */
  nonAllocable?: MoneyString;
}

export interface StatementCo2 {
  emissionsKg: string | null;
  kgPerM2: string | null;
  stage: number;
  class: EfficiencyClass;
  tenantPercent: number;
  landlordPercent: number;
  source: Co2Source;
  cost: MoneyString | null;
  tenantCost: MoneyString | null;
  landlordCost: MoneyString | null;
  /** extra */
  pricePerTonne: string | null;
  /** extra */
  stageLimitFactor: string;
  /** extra: the area the kg per m2 refer to. */
  area: number;
  /**
   * extra (issue 24, items 7 and 8): energy, heating-value conversion, emission factor, the
   * price of each calendar year's part, VAT and the source of the cost. Absent in results
   * stored before it.
   */
  calculation?: Co2Calculation;
}

export interface StatementResult {
  /** extra */
  period: PeriodInput;
  totalCosts: MoneyString;
  items: ItemSummary[];
  tenancies: TenancyStatement[];
  vacancy: VacancyStatement[];
  /** extra (issue 24): each unit's consumption per meter kind, once (intermediate readings not counted twice). */
  unitConsumption?: UnitConsumption[];
  co2: StatementCo2 | null;
  warnings: string[];
  /** extra: legal notes for the statement (§ 12 HeizkV, § 7 (4) CO2KostAufG). */
  notes: string[];
  /** extra: the step-by-step basis (decision 0403); null when calculated without it. */
  basis: StatementBasis | null;
  /** extra (issue 24, item 6): the heating cost sheet; absent without one in the input. */
  heatingCosts?: HeatingCostSheet;
  /**
   * v1.2: every figure a letter prints beyond the fields above (decision 1040,
   * docs/calculation/14-briefzahlen.md); null when calculated without them
   * (`includeLetterFigures`).
   */
  letters: StatementLetterFigures | null;
}

/** A problem of the input, with the field it concerns where there is one (extra detail). */
export interface ValidationIssue {
  message: string;
  path?: string;
}

export type StatementOutcome =
  | { ok: true; result: StatementResult }
  | { ok: false; errors: string[]; issues: ValidationIssue[] };

export interface CalculateStatementOptions {
  /** Include the step-by-step basis (`basis`); default true. */
  includeBasis?: boolean;
  /**
   * v1.2: include the figures the letters print (`letters`, needs the basis); default false.
   * The server asks for them for every result it keeps or prints; the live preview in the
   * browser does without (about 20 ms at 2,000 units, decision 1040).
   */
  includeLetterFigures?: boolean;
}
