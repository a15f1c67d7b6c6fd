import {
  billingSenderName,
  formatCalendarDateDe,
  getTodayInGermany,
  type BillingData,
  type StatementConsumption,
} from "@nk/contract";
import {
  prepareAnnualInformation,
  type AnnualInformation,
  type AnnualInformationOfRun,
  type LineConsumption,
  type LineMeterReading,
  type StatementInput,
  type StatementResult,
  type TenancyStatement,
} from "@nk/engine";
import type {
  LetterLegal,
  LetterSender,
  LetterSource,
  MeterReadingSource,
  PostalAddress,
} from "./letter-model.ts";
import { buildLetterLegal, type PreviousLetter } from "./letter-legal-source.ts";
import { chooseRecipient, type RecipientChoice, type RecipientTenant } from "./letter-recipient.ts";
import type { OverviewSource } from "./overview-document.ts";
import { findTenancy, indexConsumption } from "./run-lookup.ts";
import { formatQuantity, METER_LABELS } from "./share-explanations.ts";
import type { SnapshotForDocuments } from "./statement-document-queries.ts";

// From a saved run (docs/rules/statements.md#saved-runs: the engine's exact input and output, the consumption it used)
// to the sources of the letters and the overview. The engine's tenancy ids are tenant ids and
// its unit ids unit ids (statement assembly, decision 0501).

export interface RunContext {
  snapshot: SnapshotForDocuments;
  /** The run's input and result, read through the contract's versioned schema (issue 25, decision 1042). */
  run: { input: StatementInput; result: StatementResult };
  /** The sender; null only where no letter is made (the dispatch overview). */
  billingData: BillingData | null;
  unitNames: ReadonlyMap<string, string>;
  tenants: ReadonlyMap<string, TenantContact>;
  /** Letters not dispatched yet are dated today (issue 24: letters are dated by dispatch). */
  now: Date;
  /** The previous billing period's saved run, for the § 6a (3) HeizkV comparison (issue 24, item 12). */
  previous?: {
    period: { start: string; end: string };
    input: StatementInput;
    result: StatementResult;
  } | null;
  /** A correction: each tenant's previous letter of this billing period, by tenant id (issue 24). */
  previousLetters?: ReadonlyMap<string, PreviousLetter>;
}

interface TenantContact extends RecipientTenant {
  email: string | null;
}

/**
 * What a dispatched letter printed beyond the snapshot (decision 1060): its addresses and the
 * landlord's reason for a late statement, kept with the statement so that the letter can be
 * made again exactly as it went out.
 */
export interface DispatchContext {
  recipient: PostalAddress;
  sender: LetterSender;
  lateExcuse: string | null;
  /** Issue 30: how the letter rounded its proposed prepayment; absent in letters dispatched before. */
  prepaymentRounding?: "euro" | "five_euros" | null;
}

/** A letter that went out: its date (the day it was sent or posted) and, since issue 24, its context. */
export interface LetterDispatchRecord {
  dispatchedOn: string;
  context: DispatchContext | null;
}

const runAnnualInformation = new WeakMap<RunContext, AnnualInformationOfRun>();

/**
 * § 6a (3) HeizkV (issue 24, item 12, decision 1160): the engine's annual information of the
 * tenancy, compared with the same tenancy in the previous period's saved run. The run's own
 * figures (the building's energy and average, the fees' split) are worked out once per run and
 * shared by its letters (issue 32): per letter they read the whole run, and the letters of
 * 10,000 tenancies grew with the square of the run.
 */
function annualInformationOf(
  context: RunContext,
  input: StatementInput,
  result: StatementResult,
  tenancyId: string,
): AnnualInformation | null {
  if (!findTenancy(result, tenancyId)) return null;
  let ofRun = runAnnualInformation.get(context);
  if (!ofRun) {
    const previous = context.previous
      ? { input: context.previous.input, result: context.previous.result }
      : null;
    ofRun = prepareAnnualInformation({ input, result, previous });
    runAnnualInformation.set(context, ofRun);
  }
  return ofRun(tenancyId);
}

function toSender(data: BillingData): LetterSender {
  return {
    name: billingSenderName(data),
    street: `${data.street} ${data.houseNumber}`,
    postalCode: data.postalCode,
    city: data.city,
    phone: data.phone,
    iban: data.iban,
    bic: data.bic,
    bankName: data.bankName,
  };
}

function snapshotParts(context: RunContext) {
  return {
    input: context.run.input,
    result: context.run.result,
    consumption: context.snapshot.consumption as StatementConsumption,
  };
}

function propertyOf(snapshot: SnapshotForDocuments) {
  return {
    name: snapshot.propertyName,
    street: `${snapshot.propertyStreet} ${snapshot.propertyHouseNumber}`.trim(),
    postalCode: snapshot.propertyPostalCode,
    city: snapshot.propertyCity,
  };
}

const runNames = new WeakMap<
  RunContext,
  { unitNames: Record<string, string>; tenancyNames: Record<string, string> }
>();

/** The names of the run's units and tenants, made once per run and shared by its letters (issue 32). */
function namesOf(context: RunContext, result: StatementResult) {
  const known = runNames.get(context);
  if (known) return known;
  const unitNames: Record<string, string> = Object.fromEntries(context.unitNames);
  const tenancyNames: Record<string, string> = {};
  for (const tenancy of result.tenancies)
    tenancyNames[tenancy.tenancyId] = context.tenants.get(tenancy.tenancyId)?.name ?? "Mieter";
  const names = { unitNames, tenancyNames };
  runNames.set(context, names);
  return names;
}

/** The overview is the landlord's, dated on the finalizing day (a draft: today). */
function overviewDate(context: RunContext): string {
  const { snapshot } = context;
  return getTodayInGermany(
    snapshot.isFinal && snapshot.finalizedAt ? snapshot.finalizedAt : context.now,
  );
}

/** Where the letter of a tenancy goes today, and whether that is the flat of a tenant who moved out (issue 24, item 14). */
export function recipientOf(context: RunContext, tenancyId: string): RecipientChoice {
  const tenant = context.tenants.get(tenancyId) ?? {
    name: "Mieter",
    address: null,
    postalCode: null,
    city: null,
    moveOutDate: null,
  };
  return chooseRecipient(tenant, propertyOf(context.snapshot), getTodayInGermany(context.now));
}

/** The sender of the run's letters (the billing data; letters are only made with them). */
export function senderOf(context: RunContext): LetterSender {
  if (!context.billingData) throw new Error("Abrechnungsdaten fehlen für den Brief.");
  return toSender(context.billingData);
}

/** The context a letter dispatched now records: today's addresses and the run's reason for a late statement. */
export function currentDispatchContext(context: RunContext, tenancyId: string): DispatchContext {
  return {
    recipient: recipientOf(context, tenancyId).recipient,
    sender: senderOf(context),
    lateExcuse: context.snapshot.lateExcuse,
    prepaymentRounding: context.snapshot.prepaymentRounding,
  };
}

/** A letter's § 556 (3) BGB figures: dated as dispatched or today, with the late reason it printed or would print. */
export function legalOfLetter(
  context: RunContext,
  tenancyId: string,
  dispatch: LetterDispatchRecord | null,
): LetterLegal {
  return buildLetterLegal({
    result: context.run.result,
    tenancyId,
    version: context.snapshot.version,
    letterDate: dispatch?.dispatchedOn ?? getTodayInGermany(context.now),
    lateExcuse: dispatch?.context ? dispatch.context.lateExcuse : context.snapshot.lateExcuse,
    previous: context.previousLetters?.get(tenancyId) ?? null,
    prepaymentRounding: dispatch?.context
      ? (dispatch.context.prepaymentRounding ?? null)
      : context.snapshot.prepaymentRounding,
  });
}

/** Opening and closing readings of the unit's meters; values entered by hand are estimates (§ 9a HeizkV). */
function meterReadingsOfUnit(
  consumption: StatementConsumption | null | undefined,
  unitId: string,
  tenancyId: string,
): MeterReadingSource[] {
  if (!consumption) return [];
  const rows: MeterReadingSource[] = [];
  const index = indexConsumption(consumption);
  for (const meter of index.metersByUnit.get(unitId) ?? []) {
    if (meter.meter === null) continue;
    rows.push({
      meterNumber: meter.label,
      kind: meter.meter,
      unitLabel: METER_LABELS[meter.meter].unit,
      start: meter.start ? { date: meter.start.date, value: meter.start.value } : null,
      end: meter.end ? { date: meter.end.date, value: meter.end.value } : null,
      consumption: meter.consumption,
    });
  }
  for (const value of index.valuesByUnit.get(unitId) ?? []) {
    if (value.source !== "manual" || (value.tenancyId !== null && value.tenancyId !== tenancyId))
      continue;
    rows.push({
      meterNumber: "Wohnung gesamt",
      kind: value.meter,
      unitLabel: METER_LABELS[value.meter].unit,
      start: null,
      end: null,
      consumption: value.value,
      estimated: true,
      estimateReason: value.reason,
    });
  }
  return rows;
}

/** Issue 24: how an apportioned value came about, in the words of § 9b (3) HeizkV. */
function describeApportionment(reading: LineMeterReading, unitLabel: string): string {
  const apportionment = reading.apportionment!;
  const stretch = `${formatQuantity(apportionment.stretchValue)} ${unitLabel} vom ${formatCalendarDateDe(apportionment.from)} bis ${formatCalendarDateDe(apportionment.to)}`;
  return apportionment.by === "degreeDays"
    ? `anteilig nach Gradtagszahlen (§ 9b Abs. 3 HeizkV): ${stretch}, davon Ihr Anteil ${formatQuantity(apportionment.weight)} ‰ von ${formatQuantity(apportionment.totalWeight)} ‰`
    : `anteilig nach Tagen (§ 9b Abs. 3 HeizkV): ${stretch}, davon Ihr Anteil ${formatQuantity(apportionment.weight, 0)} von ${formatQuantity(apportionment.totalWeight, 0)} Tagen`;
}

/**
 * Issue 24, item 4: the tenancy's own readings and consumption as the engine derived them:
 * its start and end readings where they bound its own days, else the readings around the
 * stretch it shares and how its part was apportioned (never "abgelesen"); estimates marked.
 */
export function tenancyMeterRows(
  consumption: StatementConsumption | null | undefined,
  unitId: string,
  lines: readonly LineConsumption[],
  periodStart: string,
): MeterReadingSource[] {
  const index = indexConsumption(consumption);
  const rows: MeterReadingSource[] = [];
  for (const line of lines) {
    const unitLabel = METER_LABELS[line.meter].unit;
    if (line.meters.length === 0) {
      // A value entered by hand for the unit (an estimate), or split from it.
      const manual = index.valuesByUnit
        .get(unitId)
        ?.find((value) => value.source === "manual" && value.meter === line.meter);
      rows.push({
        meterNumber: "Wohnung gesamt",
        kind: line.meter,
        unitLabel,
        start: null,
        end: null,
        consumption: line.value,
        estimated: line.isEstimated,
        estimateReason: line.isEstimated ? (manual?.reason ?? null) : null,
        apportioned:
          line.method === "measured"
            ? null
            : line.apportionedBy === "degreeDays"
              ? "anteilig nach Gradtagszahlen (§ 9b Abs. 3 HeizkV)"
              : "anteilig nach Tagen (§ 9b Abs. 3 HeizkV)",
      });
      continue;
    }
    for (const reading of line.meters) {
      rows.push({
        meterNumber: index.labels.get(reading.meterId) ?? reading.meterId,
        kind: line.meter,
        unitLabel,
        // A Heizkostenverteiler counts from zero at the period's start.
        start: reading.start
          ? { date: reading.start.date, value: reading.start.value }
          : reading.isCumulative
            ? null
            : { date: periodStart, value: "0" },
        end: { date: reading.end.date, value: reading.end.value },
        consumption: reading.value,
        estimated: (reading.start?.estimated ?? false) || reading.end.estimated,
        estimateReason: null,
        apportioned: reading.apportionment ? describeApportionment(reading, unitLabel) : null,
      });
    }
  }
  return rows;
}

/** The letter's readings: the engine's per-tenancy figures, or for runs saved before issue 24 the unit's meters. */
function meterRowsOf(
  consumption: StatementConsumption | null | undefined,
  tenancy: TenancyStatement,
  periodStart: string,
): MeterReadingSource[] {
  if (tenancy.consumption)
    return tenancyMeterRows(consumption, tenancy.unitId, tenancy.consumption, periodStart);
  return meterReadingsOfUnit(consumption, tenancy.unitId, tenancy.tenancyId);
}

/**
 * The source of one tenancy's letter. A dispatched letter is made with the day and the context
 * it went out with; any other letter is dated today with today's addresses (issue 24: letters
 * are dated by dispatch, decision 1060). The figures are always the snapshot's.
 */
export function letterSourceFromRun(
  context: RunContext,
  tenancyId: string,
  dispatch: LetterDispatchRecord | null = null,
): LetterSource {
  const { input, result, consumption } = snapshotParts(context);
  const tenancy = findTenancy(result, tenancyId);
  const letterDate = dispatch?.dispatchedOn ?? getTodayInGermany(context.now);
  // A letter sent before issue 24 recorded no context: today's addresses stand in.
  const dispatchContext = dispatch?.context ?? currentDispatchContext(context, tenancyId);
  const legal = legalOfLetter(context, tenancyId, dispatch);
  return {
    input,
    result,
    tenancyId,
    letterDate,
    draft: !context.snapshot.isFinal,
    correction:
      context.snapshot.version > 1
        ? {
            version: context.snapshot.version,
            replacesDate: context.snapshot.replacesFinalizedAt
              ? getTodayInGermany(context.snapshot.replacesFinalizedAt)
              : null,
          }
        : null,
    sender: dispatchContext.sender,
    property: propertyOf(context.snapshot),
    ...namesOf(context, result),
    tenantAddress: null,
    recipient: dispatchContext.recipient,
    legal,
    meterReadings: tenancy ? meterRowsOf(consumption, tenancy, result.period.start) : [],
    annualInformation: annualInformationOf(context, input, result, tenancyId),
  };
}

export function overviewSourceFromRun(context: RunContext): OverviewSource {
  const { input, result } = snapshotParts(context);
  return {
    input,
    result,
    draft: !context.snapshot.isFinal,
    createdOn: overviewDate(context),
    sender: senderOf(context),
    property: propertyOf(context.snapshot),
    ...namesOf(context, result),
  };
}

/** Where a finalized run's PDFs are kept: the letters as they went out, and the overview. */
export const pdfKeys = {
  /** Every stored PDF of the account lies below this folder (deleted with the account). */
  accountFolder: (userId: string) => `statements/${safeSegment(userId)}`,
  /** Issue 24: a letter as it went out, by the day it was dated (decision 1060). */
  dispatchedLetter: (userId: string, statementId: string, dispatchedOn: string) =>
    `statements/${safeSegment(userId)}/${statementId}-${safeSegment(dispatchedOn)}.pdf`,
  overview: (userId: string, statementRunId: string) =>
    `statements/${safeSegment(userId)}/runs/${statementRunId}-uebersicht.pdf`,
};

function safeSegment(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** 'Nebenkostenabrechnung_2024_EG_links.pdf' for the download's file name. */
const GERMAN_LETTERS: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ß: "ss",
};

/** An ASCII file name: umlauts written out (Jürgen → Juergen), other accents dropped, the rest '_'. */
export function pdfFileName(parts: string[]): string {
  const ascii = parts
    .join("_")
    .replace(/[äöüÄÖÜß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  return `${ascii.replace(/[^\w.-]+/g, "_").replace(/_+/g, "_")}.pdf`;
}
