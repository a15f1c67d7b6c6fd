/**
 * The statement calculation's input and output: contract v1.1
 * (the specification's calculation-contract.md). Dates are "YYYY-MM-DD", inclusive; money is a
 * decimal string in euros with two decimals; other quantities are JSON numbers. Fields
 * beyond the contract's are marked "extra": they may be read, but the contract names only
 * the others.
 */
import type { DistributionKey, EfficiencyClass, Fuel, MeterKind, PropertyType, TaxCategory } from "./constants/domain.ts";
import type { Co2Source } from "./co2/co2-split.ts";
import type { IsoDate } from "./dates/calendar.ts";

export type { IsoDate } from "./dates/calendar.ts";

/** A money amount in euros as text, e.g. "1234.56". */
export type MoneyString = string;

export interface PeriodInput {
  start: IsoDate;
  end: IsoDate;
}

export interface UnitInput {
  id: string;
  /** Living area in m2. */
  area: number;
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
  value: number;
}

export interface CostItemInput {
  costType: string;
  amount: MoneyString;
  key: DistributionKey;
  /** mixed only: percent distributed by consumption; the rest by area. Default 70. */
  consumptionShare?: number | null;
  /** consumption and mixed: which series; default by cost type (Heizung: heating, ...). */
  meter?: MeterKind | null;
  excludedUnits?: string[];
  /** v1.1: the labour part of the amount (§ 35a EStG); 0 <= laborCosts <= amount. */
  laborCosts?: MoneyString | null;
  /** v1.1: which kind of labour; default householdServices. */
  taxCategory?: TaxCategory | null;
}

export interface Co2Input {
  emissionsKg?: number | null;
  fuel?: Fuel | null;
  consumptionKwh?: number | null;
  heatingValue?: "upper" | "lower" | null;
  /** extra: kg CO2 per kWh as the supplier states it (district heating). */
  emissionFactor?: number | null;
  pricePerTonne?: number | null;
  cost?: MoneyString | null;
  vatPercent?: number | null;
  /** Default: the sum of all units' areas. */
  area?: number | null;
}

export interface StatementInput {
  period: PeriodInput;
  propertyType?: PropertyType;
  efficiencyClass?: EfficiencyClass | null;
  units: UnitInput[];
  tenancies: TenancyInput[];
  consumption?: ConsumptionInput[];
  costItems: CostItemInput[];
  co2?: Co2Input | null;
}

/** What a basis contributes to one line of one item (extra: the step-by-step for the PDF). */
export interface AllocationPart {
  basis: "area" | "persons" | "units" | "consumption";
  /** Percent of the item's distributed amount that goes by this basis. */
  percent: number;
  /** The line's quantity: m2, persons, 1 unit, or its consumption. */
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
  /** extra: how the share came about; empty when calculated without details. */
  parts: AllocationPart[];
  /** extra (v1.1): the line's share of the item's labour part; only for items with laborCosts. */
  laborCosts?: MoneyString;
}

/** v1.1: a tenancy's labour shares by category (§ 35a (2) and (3) EStG). */
export interface TaxDeductible {
  householdServices: MoneyString;
  craftsmen: MoneyString;
}

export interface TenancyStatement {
  tenancyId: string;
  unitId: string;
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** extra */
  persons: number;
  /** extra: degree-day weight of the days, per mille of a year. */
  degreeDayPerMille: number;
  allocations: Allocation[];
  total: MoneyString;
  prepayments: MoneyString;
  /** total - prepayments: positive = Nachzahlung, negative = Guthaben. */
  balance: MoneyString;
  /** v1.1: the sums of the tenancy's labour lines by category. */
  taxDeductible: TaxDeductible;
}

export interface VacancyStatement {
  unitId: string;
  from: IsoDate;
  to: IsoDate;
  days: number;
  /** extra */
  degreeDayPerMille: number;
  allocations: Allocation[];
  total: MoneyString;
}

export interface ItemSummary {
  costType: string;
  amount: MoneyString;
  /** amount minus the CO2 landlord share. */
  distributed: MoneyString;
  /** vacancy lines + the CO2 landlord share of this item. */
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
  meter: MeterKind | null;
  /** extra (v1.1): the labour part, only where the input has one. */
  laborCosts?: MoneyString;
  /** extra (v1.1): the labour part's category, only where the input has laborCosts. */
  taxCategory?: TaxCategory;
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
}

export interface StatementResult {
  /** extra */
  period: PeriodInput;
  totalCosts: MoneyString;
  items: ItemSummary[];
  tenancies: TenancyStatement[];
  vacancy: VacancyStatement[];
  co2: StatementCo2 | null;
  warnings: string[];
  /** extra: legal notes for the statement (§ 12 HeizkV, § 7 (4) CO2KostAufG). */
  notes: string[];
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
  /** Include allocations' parts (the step-by-step basis); default true. */
  includeBasis?: boolean;
}
