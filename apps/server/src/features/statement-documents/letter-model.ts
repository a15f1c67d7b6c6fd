import type { LetterAnnualInformation } from "./letter-annual-information.ts";
import type { LetterCo2Basis } from "./letter-co2-basis.ts";
import type { LetterHeatingSheet } from "./letter-heating-sheet.ts";
import type {
  AnnualInformation,
  BalanceSettlement,
  DistributionKey,
  IsoDate,
  MeterKind,
  MoneyString,
  PeriodInput,
  PrepaymentRounding,
  StatementInput,
  StatementLetterFigures,
  StatementResult,
  TenancyCorrection,
} from "@nk/engine";

// The letter model: everything one statement letter prints, already computed and in words, so
// the PDF layout only arranges it. It is built from a saved statement's snapshot (the engine's
// input and result, docs/rules/statements.md#saved-runs) plus the billing data and the addresses (decision 0602).

export interface PostalAddress {
  /** Name lines: person or company. */
  name: string;
  street: string;
  postalCode: string;
  city: string;
}

export interface LetterSender extends PostalAddress {
  phone: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
}

/** What the snapshot does not hold: the parties, names and readings of the statement. */
export interface LetterSource {
  input: StatementInput;
  result: StatementResult;
  tenancyId: string;
  /** Date of the letter (finalizing date, or today for a draft). */
  letterDate: IsoDate;
  draft: boolean;
  /** A correction (version 2, 3, ...) and the date of the statement it replaces (docs/rules/statements.md#saved-runs). */
  correction?: LetterCorrection | null;
  sender: LetterSender;
  property: { name: string; street: string; postalCode: string; city: string };
  /** Display names of the units by the engine's unit id. */
  unitNames: Readonly<Record<string, string>>;
  /** Tenant name by the engine's tenancy id (the overview lists every tenancy). */
  tenancyNames: Readonly<Record<string, string>>;
  /** The tenant's postal address; null: the unit's address in the property is used. */
  tenantAddress: Omit<PostalAddress, "name"> | null;
  /** Opening and closing readings of the unit's meters for the period. */
  meterReadings?: MeterReadingSource[];
  /**
   * § 6a (3) HeizkV (issue 24, item 12): the engine's annual information of the tenancy, compared
   * with its own previous period (computeAnnualInformation). Absent: computed without a previous run.
   */
  annualInformation?: AnnualInformation | null;
  /** The result's letter figures (contract v1.2) when the caller has them already (a run's letters); else taken from the result. */
  figures?: StatementLetterFigures;
  /** Issue 24: the address the letter goes to (the forwarding address after a move-out, or as dispatched); overrides tenantAddress. */
  recipient?: PostalAddress | null;
  /** Issue 24: the deadline, what this letter settles and what a correction changed (engine figures). */
  legal: LetterLegal;
}

/**
 * § 556 (3) BGB and corrections (issue 24, items 1 and 2; decision 1061): figures computed by
 * the engine (getStatementDeadline, settleBalance, compareTenancyVersions) for this letter's
 * date, which the letter only prints.
 */
export interface LetterLegal {
  /** The day the statement must have reached the tenant (§ 556 (3) Satz 2 BGB). */
  deadline: IsoDate;
  /** The letter is dated (dispatched) after the deadline. */
  isLate: boolean;
  /** The landlord's reason why the delay is not his fault (§ 556 (3) Satz 3 BGB), as recorded on the run. */
  lateExcuse: string | null;
  /** What the letter asks for or pays out. */
  settlement: BalanceSettlement;
  /** A correction: the letter it replaces (as the tenant received it) and what changed. */
  correction: { version: number; previousLetterDate: IsoDate; changes: TenancyCorrection } | null;
  /** Issue 30: § 560 (4) BGB, the new monthly prepayment the letter proposes (proposeMonthlyPrepayment); null: none. */
  prepaymentProposal: { monthly: string; rounding: PrepaymentRounding } | null;
}

export interface MeterReadingSource {
  meterNumber: string;
  kind: MeterKind;
  /** 'm³', 'kWh', 'Einheiten'. */
  unitLabel: string;
  start: { date: IsoDate; value: string } | null;
  end: { date: IsoDate; value: string } | null;
  /** null: no closing reading (the unit's value was then entered by hand). */
  consumption: string | null;
  /** Entered by hand as an estimate (§ 9a HeizkV), with the reason. */
  estimated?: boolean;
  estimateReason?: string | null;
  /** Issue 24: how an apportioned value was split (§ 9b (3) HeizkV); null: read for this tenancy. */
  apportioned?: string | null;
}

export interface ShareStep {
  /** 'Grundkosten nach Wohnfläche (30 %)' */
  label: string;
  /** The words of the computation, e.g. '62,50 m² × 366 Tage = 22.875 m²-Tage von 52.704 m²-Tage'. */
  computation: string;
  /** '1.234,56 € × 22.875 / 52.704 = 535,78 €' */
  amount: string;
}

export interface LetterCostLine {
  costType: string;
  /** The item's total costs for the whole property. */
  itemTotal: MoneyString;
  /** The landlord's CO2 share taken off the item (Heizung, Warmwasser), else null. */
  co2LandlordShare: MoneyString | null;
  /** What is distributed by the key (total minus CO2 landlord share). */
  distributed: MoneyString;
  key: DistributionKey;
  keyLabel: string;
  keyExplanation: string;
  steps: ShareStep[];
  /** The tenant's share, rounded by largest remainder (docs/rules/money-and-rounding.md#exact-money); after a § 12 HeizkV cut. */
  share: MoneyString;
  /** Issue 24: the lease clause the landlord charges a cost type that needs agreement under. */
  allocationNote: string | null;
  /** Issue 24: the § 12 (1) HeizkV cut taken off the share, and the share before it. */
  heizkvReduction: { cut: MoneyString; shareBefore: MoneyString; percent: number } | null;
  /** Issue 24: the item is chargeable only up to a day; the part after it is the landlord's. */
  allocableUntil: { lastDay: IsoDate; nonAllocable: MoneyString } | null;
  /** Issue 24: the flat takes no part in the item (why, in a sentence); printed "nicht beteiligt", share 0. */
  notParticipating: string | null;
}

export interface LetterPrepaymentMonth {
  /** 'Januar 2024' */
  label: string;
  /** Days of the month in the tenancy; null: the whole month. */
  days: number | null;
  daysInMonth: number | null;
  amount: MoneyString;
}

export interface LetterCo2 {
  fuelLabel: string | null;
  emissionsKg: string | null;
  area: string;
  kgPerM2: string | null;
  stage: number;
  stageClass: string;
  tenantPercent: number;
  landlordPercent: number;
  /** How the stage came about, in words. */
  basis: string;
  cost: MoneyString | null;
  tenantCost: MoneyString | null;
  landlordCost: MoneyString | null;
  /** The CO2 cost inside this tenancy's heating and hot-water shares (the engine's split). */
  yourCost: MoneyString | null;
  /** The landlord's CO2 share on this tenancy's part: what the tenancy was relieved of (the engine's split). */
  yourLandlordShare: MoneyString | null;
  pricePerTonne: string | null;
  /** Issue 24: energy, factor, price per calendar year, VAT and source; null for results stored before it. */
  calculation: LetterCo2Basis | null;
}

export type { LetterAnnualInformation } from "./letter-annual-information.ts";

export interface LetterTaxLine {
  costType: string;
  categoryLabel: string;
  laborCosts: MoneyString;
  yourShare: MoneyString;
}

interface LetterCorrection {
  version: number;
  /** Finalizing day of the replaced statement; null when unknown. */
  replacesDate: IsoDate | null;
}

export interface LetterModel {
  draft: boolean;
  correction: LetterCorrection | null;
  sender: LetterSender;
  recipient: PostalAddress;
  letterDate: IsoDate;
  period: PeriodInput;
  /** '2024' for a calendar year, else '01.03.2024 – 28.02.2025'. */
  periodLabel: string;
  propertyName: string;
  propertyAddress: string;
  unitName: string;
  tenantName: string;
  usage: { from: IsoDate; to: IsoDate; days: number; periodDays: number; prorated: boolean };
  persons: number;
  /** Issue 24: "4 Personen", or "3 Personen bis 14.09.2024, 4 Personen ab 15.09.2024" (occupant periods). */
  personsText: string;
  /** m² as the engine's input holds it: decimal text (decision 1043) or, in older runs, a number. */
  unitArea: number | string;
  costLines: LetterCostLine[];
  totalCosts: MoneyString;
  prepaymentMonths: LetterPrepaymentMonth[];
  prepayments: MoneyString;
  balance: MoneyString;
  result: "Nachzahlung" | "Guthaben" | "ausgeglichen";
  /** Absolute amount of the result. */
  resultAmount: MoneyString;
  dueDate: IsoDate;
  paymentPurpose: string;
  /** EPC QR payload (GiroCode) for what the letter asks for (settlement demand), else null. */
  giroCode: string | null;
  /** Issue 24: deadline, settlement and a correction's changes. */
  legal: LetterLegal;
  meterReadings: MeterReadingSource[];
  hasHeating: boolean;
  co2: LetterCo2 | null;
  /** Issue 24, item 6: the heating cost sheet and the § 9 HeizkV split; null without one. */
  heatingSheet: LetterHeatingSheet | null;
  annualInformation: LetterAnnualInformation | null;
  taxLines: LetterTaxLine[];
  taxTotals: { householdServices: MoneyString; craftsmen: MoneyString } | null;
  /** Legal notes of the engine (§ 12 HeizkV, CO2KostAufG) and of the letter. */
  heatingNotes: string[];
}
