import {
  addDays,
  computeMonthlyInformation,
  getLastDayOfMonth,
  getPreviousMonth,
  isHeizkvMeterType,
} from "@nk/engine";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  formatMonthDe,
  getTodayInGermany,
  METER_TYPE_UNITS,
  MONTHLY_INFORMATION_MESSAGES,
  type MeterType,
  type MonthlyInformation,
  type MonthlyInformationLetters,
  type MonthlyInformationMarkPostedResult,
  type MonthlyInformationSendResult,
  type MonthlyInformationSettings,
  type MonthlyTenancy,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { Conflict, NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { logActivity } from "../activity/activity-log.ts";
import { findBillingData } from "../billing-data/billing-data-queries.ts";
import {
  buildMonthlyInformationBatchDocument,
  buildMonthlyInformationDocument,
  type MonthlyInformationDocumentSource,
} from "./monthly-information-document.ts";
import { renderPdf } from "../statement-documents/pdf-renderer.ts";
import type { PdfFile } from "../statement-documents/statement-document-service.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import {
  findMonthlyInformationAuto,
  findPropertyOfAccount,
  insertLetterOnce,
  listLettersOfProperty,
  listTenanciesInRange,
  listUnitMetersWithReadings,
  listUnitsOfProperty,
  markLetterSent,
  upsertMonthlyInformationAuto,
} from "./monthly-information-queries.ts";
import { MONTHLY_INFORMATION_SEND } from "./monthly-information-send-kind.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the § 6a (1), (2)
// HeizkV monthly information of a property's tenancies. The engine computes every figure
// (computeMonthlyInformation); this file gathers the rows and hands them to the letter.

/** The month must be over on `today` (the information is about last month or earlier). */
function assertMonthOver(month: string, today: string): void {
  if (getLastDayOfMonth(month) >= today) {
    throw new ValidationFailed(
      { month: MONTHLY_INFORMATION_MESSAGES.monthInFuture },
      MONTHLY_INFORMATION_MESSAGES.monthInFuture,
    );
  }
}

function findLetterView(
  letters: Awaited<ReturnType<typeof listLettersOfProperty>>,
  tenantId: string,
) {
  const row = letters.find((letter) => letter.tenantId === tenantId);
  return row
    ? {
        channel: row.channel,
        recipient: row.recipient,
        postedOn: row.postedOn,
        queuedAt: row.queuedAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
      }
    : null;
}

/** GET /api/properties/:id/monthly-information?month=YYYY-MM; `today` in Germany unless given (the daily job's day). */
export async function loadMonthlyInformation(
  db: Db,
  userId: string,
  propertyId: string,
  month: string,
  today: string = getTodayInGermany(),
): Promise<MonthlyInformation> {
  const property = isResourceId(propertyId)
    ? await findPropertyOfAccount(db, userId, propertyId)
    : undefined;
  if (!property) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.propertyNotFound);
  assertMonthOver(month, today);
  const monthStart = `${month}-01`;
  const monthEnd = getLastDayOfMonth(month);
  // Readings from the end of the month before last year's month (the engine reads each month's
  // last day or the next first day) up to the first day after the month.
  const lastYearMonth = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  const readFrom = getLastDayOfMonth(getPreviousMonth(lastYearMonth));
  const [units, tenancies, meters, letters] = await Promise.all([
    listUnitsOfProperty(db, userId, propertyId),
    listTenanciesInRange(db, userId, propertyId, monthStart, monthEnd),
    listUnitMetersWithReadings(db, userId, propertyId, readFrom, addDays(monthEnd, 1)),
    listLettersOfProperty(db, userId, propertyId, month),
  ]);
  const information = computeMonthlyInformation({
    month,
    units: units.map((unit) => ({ id: unit.id, area: unit.area })),
    meters: meters.map((meter) => ({
      meterId: meter.id,
      unitId: meter.unitId,
      meterType: meter.meterType,
      readings: meter.readings,
    })),
  });
  const byUnit = new Map(information.map((entry) => [entry.unitId, entry.figures]));
  return {
    propertyId: property.id,
    propertyName: property.name,
    month,
    tenancies: tenancies.flatMap((tenancy) => {
      const figures = byUnit.get(tenancy.unitId);
      if (!figures) return [];
      const heatingMeters = meters.filter(
        (meter) => meter.unitId === tenancy.unitId && isHeizkvMeterType(meter.meterType),
      );
      return [
        {
          tenantId: tenancy.id,
          tenantName: tenancy.name,
          unitName: tenancy.unitName,
          email: tenancy.email,
          isRemoteReadable:
            heatingMeters.length > 0 && heatingMeters.every((meter) => meter.isRemoteReadable),
          isPartMonth:
            tenancy.moveInDate > monthStart ||
            (tenancy.moveOutDate !== null && tenancy.moveOutDate < monthEnd),
          letter: findLetterView(letters, tenancy.id),
          figures: figures.map((figure) => ({
            ...figure,
            unitLabel: METER_TYPE_UNITS[figure.meterType as MeterType] ?? "",
          })),
        },
      ];
    }),
  };
}

/** The letters' sources: the account's billing data as sender, dated today in Germany. */
async function toDocumentSources(
  db: Db,
  userId: string,
  information: MonthlyInformation,
  tenancies: MonthlyTenancy[],
): Promise<MonthlyInformationDocumentSource[]> {
  const sender = await findBillingData(db, userId);
  return tenancies.map((tenancy) => ({
    propertyName: information.propertyName,
    month: information.month,
    tenancy,
    sender: sender
      ? {
          name: sender.companyName ?? [sender.firstName, sender.lastName].filter(Boolean).join(" "),
          address: `${sender.street} ${sender.houseNumber}, ${sender.postalCode} ${sender.city}`,
        }
      : null,
    date: getTodayInGermany(),
  }));
}

/** Every heating and hot-water figure of the month is there: the month's readings are in. */
function isReadyToSend(tenancy: MonthlyTenancy): boolean {
  return (
    tenancy.isRemoteReadable &&
    tenancy.figures.length > 0 &&
    tenancy.figures.every((figure) => figure.consumption !== null)
  );
}

/** GET /api/properties/:id/monthly-information/:tenantId/pdf?month=YYYY-MM: the tenant's letter. */
export async function getMonthlyInformationPdf(
  db: Db,
  userId: string,
  propertyId: string,
  tenantId: string,
  month: string,
): Promise<PdfFile> {
  const information = await loadMonthlyInformation(db, userId, propertyId, month);
  const tenancy = information.tenancies.find((entry) => entry.tenantId === tenantId);
  if (!tenancy) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.tenantNotFound);
  const [source] = await toDocumentSources(db, userId, information, [tenancy]);
  const pdf = await renderPdf(buildMonthlyInformationDocument(source!));
  return {
    bytes: pdf.bytes,
    fileName: `Verbrauchsinformation ${formatMonthDe(month)} ${tenancy.tenantName}.pdf`,
  };
}

/**
 * POST /api/properties/:id/monthly-information/send: queues the month's letter by e-mail for every
 * tenancy with an address that was not informed of the month before, recording it in the same
 * account transaction (decision 1020); tenants without an address are named for the landlord.
 * The daily job (decision 1690) passes its day and `onlyReady`: then only tenancies whose meters
 * are all remote-readable and whose month's figures are all there get the letter; the others
 * wait for a later day's run (or the landlord's click).
 */
export async function sendMonthlyInformation(
  db: Db,
  userId: string,
  propertyId: string,
  month: string,
  options: { today?: string; onlyReady?: boolean } = {},
): Promise<MonthlyInformationSendResult> {
  const information = await loadMonthlyInformation(db, userId, propertyId, month, options.today);
  const tenancies = options.onlyReady
    ? information.tenancies.filter(isReadyToSend)
    : information.tenancies;
  return inAccountTransaction(db, userId, async (trx) => {
    const queued: string[] = [];
    const alreadyInformed: string[] = [];
    const withoutEmail: MonthlyInformationSendResult["withoutEmail"] = [];
    for (const tenancy of tenancies) {
      if (!tenancy.email) {
        withoutEmail.push({ tenantId: tenancy.tenantId, tenantName: tenancy.tenantName });
        continue;
      }
      const letterId = await insertLetterOnce(trx, {
        userId,
        propertyId,
        tenantId: tenancy.tenantId,
        month,
        channel: "email",
        recipient: tenancy.email,
      });
      if (letterId === null) {
        alreadyInformed.push(tenancy.tenantName);
        continue;
      }
      await enqueueJob(trx, MONTHLY_INFORMATION_SEND, {
        userId,
        letterId,
        propertyId,
        tenantId: tenancy.tenantId,
        tenantName: tenancy.tenantName,
        month,
        to: tenancy.email,
        subject: MONTHLY_INFORMATION_MESSAGES.mailSubject(month),
        text: MONTHLY_INFORMATION_MESSAGES.mailText(tenancy.tenantName, month),
      });
      queued.push(tenancy.tenantName);
    }
    const message =
      queued.length === 0
        ? MONTHLY_INFORMATION_MESSAGES.sendNone
        : MONTHLY_INFORMATION_MESSAGES.sendQueued(queued.length, month);
    return { queued, alreadyInformed, withoutEmail, message };
  });
}

/** GET /api/properties/:id/monthly-information/letters */
export async function listMonthlyInformationLetters(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<MonthlyInformationLetters> {
  const property = isResourceId(propertyId)
    ? await findPropertyOfAccount(db, userId, propertyId)
    : undefined;
  if (!property) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.propertyNotFound);
  const rows = await listLettersOfProperty(db, userId, propertyId);
  return {
    letters: rows.map((row) => ({
      month: row.month,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      channel: row.channel,
      recipient: row.recipient,
      postedOn: row.postedOn,
      queuedAt: row.queuedAt.toISOString(),
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    })),
  };
}

/** The tenancies of the month without an e-mail address that were not informed of it yet. */
function findTenanciesForPost(information: MonthlyInformation): MonthlyTenancy[] {
  return information.tenancies.filter((tenancy) => !tenancy.email && tenancy.letter === null);
}

/**
 * GET /api/properties/:id/monthly-information/print?month=YYYY-MM (decision 1690): one PDF with
 * the month's letters of every tenant without an e-mail address not informed of the month yet,
 * a letter per page, to print and post. Nothing is recorded: the landlord confirms the dispatch.
 */
export async function getMonthlyInformationPrintPdf(
  db: Db,
  userId: string,
  propertyId: string,
  month: string,
): Promise<PdfFile> {
  const information = await loadMonthlyInformation(db, userId, propertyId, month);
  const tenancies = findTenanciesForPost(information);
  if (tenancies.length === 0) throw new Conflict(MONTHLY_INFORMATION_MESSAGES.printNone);
  const sources = await toDocumentSources(db, userId, information, tenancies);
  const pdf = await renderPdf(buildMonthlyInformationBatchDocument(sources));
  return {
    bytes: pdf.bytes,
    fileName: MONTHLY_INFORMATION_MESSAGES.printFileName(information.propertyName, month),
  };
}

/**
 * POST /api/properties/:id/monthly-information/mark-posted (decision 1690): records the tenants
 * as informed of the month by post on `postedOn`, once per tenant and month (the same record as
 * the e-mails), in one account transaction with an activity entry per tenant. The day may not
 * lie before the month is over nor in the future; every tenant must live in the property that
 * month, else nothing is recorded.
 */
export async function markMonthlyInformationPosted(
  db: Db,
  userId: string,
  propertyId: string,
  body: { month: string; tenantIds: string[]; postedOn: string },
): Promise<MonthlyInformationMarkPostedResult> {
  const { month, postedOn } = body;
  const information = await loadMonthlyInformation(db, userId, propertyId, month);
  if (postedOn > getTodayInGermany())
    throw new ValidationFailed(
      { postedOn: MONTHLY_INFORMATION_MESSAGES.postedOnFuture },
      MONTHLY_INFORMATION_MESSAGES.postedOnFuture,
    );
  if (postedOn <= getLastDayOfMonth(month)) {
    const message = MONTHLY_INFORMATION_MESSAGES.postedOnBeforeMonthEnd(month);
    throw new ValidationFailed({ postedOn: message }, message);
  }
  const byId = new Map(information.tenancies.map((tenancy) => [tenancy.tenantId, tenancy]));
  const tenancies = [...new Set(body.tenantIds)].map((tenantId) => {
    const tenancy = byId.get(tenantId);
    if (!tenancy) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.tenantNotFound);
    return tenancy;
  });
  return inAccountTransaction(db, userId, async (trx) => {
    const recorded: string[] = [];
    const alreadyInformed: string[] = [];
    for (const tenancy of tenancies) {
      const letterId = await insertLetterOnce(trx, {
        userId,
        propertyId,
        tenantId: tenancy.tenantId,
        month,
        channel: "post",
        postedOn,
      });
      if (letterId === null) {
        alreadyInformed.push(tenancy.tenantName);
        continue;
      }
      await markLetterSent(trx, userId, letterId, new Date());
      await logActivity(trx, {
        userId,
        key: "tenant.monthly_information_sent",
        entityId: tenancy.tenantId,
        entityName: tenancy.tenantName,
        metadata: { month, channel: "post", postedOn },
      });
      recorded.push(tenancy.tenantName);
    }
    const message =
      recorded.length === 0
        ? MONTHLY_INFORMATION_MESSAGES.postedNone
        : MONTHLY_INFORMATION_MESSAGES.postedRecorded(recorded.length, month, postedOn);
    return { recorded, alreadyInformed, message };
  });
}

/** GET /api/monthly-information/settings (decision 1690). */
export async function loadMonthlyInformationSettings(
  db: Db,
  userId: string,
  sendDay: number,
): Promise<MonthlyInformationSettings> {
  return { autoSend: await findMonthlyInformationAuto(db, userId), sendDay };
}

/** PUT /api/monthly-information/settings: turns the monthly sending by itself on or off. */
export async function saveMonthlyInformationSettings(
  db: Db,
  userId: string,
  autoSend: boolean,
  sendDay: number,
): Promise<MonthlyInformationSettings> {
  await inAccountTransaction(db, userId, (trx) =>
    upsertMonthlyInformationAuto(trx, userId, autoSend, DEFAULT_NOTIFICATION_SETTINGS),
  );
  return loadMonthlyInformationSettings(db, userId, sendDay);
}
