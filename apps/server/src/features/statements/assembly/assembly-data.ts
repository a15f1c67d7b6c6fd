import type {
  AnnualInformationValues,
  CostItem,
  ConsumptionOverride,
  Co2FormValues,
  HeatingCosts,
} from "@nk/contract";

// What the assembly reads from the account's stored data for one billing period (docs/rules/statement-inputs.md#assembly).
// Plain values: the assembly itself is pure and unit-tested with fixtures of this shape.

export interface AssemblyPeriod {
  id: string;
  start: string;
  end: string;
  /** The property's billing period that ends the day before this one starts (start values). */
  previousPeriodId: string | null;
}

export interface AssemblyUnit {
  id: string;
  name: string;
  /** m², decimal text. */
  area: string;
  persons: number;
  hasDecentralizedHotWater: boolean;
}

export interface AssemblyTenant {
  id: string;
  unitId: string;
  name: string;
  moveInDate: string;
  moveOutDate: string | null;
  /** Active occupant periods (tenant_attributes). */
  occupants: { persons: number; validFrom: string; validUntil: string | null }[];
  /** Active prepayments; monthly amount as decimal text. */
  prepayments: { monthlyAmount: string; validFrom: string; validUntil: string | null }[];
}

export interface AssemblyMeter {
  id: string;
  /** null: a common-area (main) meter of the property. */
  unitId: string | null;
  meterType: string;
  meterNumber: string;
  displayName: string | null;
  /** Issue 30 (decision 1630): § 5 HeizkV remote reading and the installation day. */
  isRemoteReadable: boolean;
  installedOn: string | null;
}

export interface AssemblyReading {
  id: string;
  meterId: string;
  billingPeriodId: string | null;
  /** Decimal text. */
  value: string;
  date: string;
}

export interface AssemblyData {
  period: AssemblyPeriod;
  property: { propertyType: string; efficiencyClass: string | null };
  units: AssemblyUnit[];
  tenants: AssemblyTenant[];
  meters: AssemblyMeter[];
  readings: AssemblyReading[];
}

/** A cost item whose amount is known (a rate-based one: computed from its tariff). */
export type ResolvedCostItem = CostItem & { amount: string };

export interface AssemblyCosts {
  costItems: ResolvedCostItem[];
  co2: Co2FormValues | null;
  consumptionOverrides: ConsumptionOverride[];
  /** Issue 24, item 6: the heating cost sheet; absent or null = none. */
  heatingCosts?: HeatingCosts | null;
  /** Issue 24, item 12: the § 6a (3) HeizkV inputs; absent or null = none. */
  annualInformation?: AnnualInformationValues | null;
  /** docs/rules/heating.md#consumption-analysis: the Klimafaktor of the period; null = not entered. Goes into the annual information. */
  climateFactor?: string | null;
}
