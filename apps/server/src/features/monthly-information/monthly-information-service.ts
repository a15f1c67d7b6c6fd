import {
  addDays,
  computeMonthlyInformation,
  getLastDayOfMonth,
  getPreviousMonth,
  isHeizkvMeterType,
} from "@nk/engine";
import {
  formatMonthDe,
  getTodayInGermany,
  METER_TYPE_UNITS,
  MONTHLY_INFORMATION_MESSAGES,
  type MeterType,
  type MonthlyInformation,
  type MonthlyInformationLetters,
  type MonthlyInformationSendResult,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { findBillingData } from "../billing-data/billing-data-queries.ts";
import { buildMonthlyInformationDocument } from "./monthly-information-document.ts";
import { renderPdf } from "../statement-documents/pdf-renderer.ts";
import type { PdfFile } from "../statement-documents/statement-document-service.ts";
import { enqueueJob } from "../../jobs/enqueue-job.ts";
import { inAccountTransaction } from "../account/account-transaction.ts";
import {
  findPropertyOfAccount,
  insertLetterOnce,
  listLettersOfProperty,
  listTenanciesInRange,
  listUnitMetersWithReadings,
  listUnitsOfProperty,
} from "./monthly-information-queries.ts";
import { MONTHLY_INFORMATION_SEND } from "./monthly-information-send-kind.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the § 6a (1), (2)
// HeizkV monthly information of a property's tenancies. The engine computes every figure
// (computeMonthlyInformation); this file gathers the rows and hands them to the letter.

/** The month must be over (the information is about last month or earlier). */
function assertMonthOver(month: string): void {
  if (getLastDayOfMonth(month) >= getTodayInGermany()) {
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
        recipient: row.recipient,
        queuedAt: row.queuedAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
      }
    : null;
}

/** GET /api/properties/:id/monthly-information?month=YYYY-MM */
export async function loadMonthlyInformation(
  db: Db,
  userId: string,
  propertyId: string,
  month: string,
): Promise<MonthlyInformation> {
  const property = isResourceId(propertyId)
    ? await findPropertyOfAccount(db, userId, propertyId)
    : undefined;
  if (!property) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.propertyNotFound);
  assertMonthOver(month);
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
  const sender = await findBillingData(db, userId);
  const pdf = await renderPdf(
    buildMonthlyInformationDocument({
      propertyName: information.propertyName,
      month,
      tenancy,
      sender: sender
        ? {
            name:
              sender.companyName ?? [sender.firstName, sender.lastName].filter(Boolean).join(" "),
            address: `${sender.street} ${sender.houseNumber}, ${sender.postalCode} ${sender.city}`,
          }
        : null,
      date: getTodayInGermany(),
    }),
  );
  return {
    bytes: pdf.bytes,
    fileName: `Verbrauchsinformation ${formatMonthDe(month)} ${tenancy.tenantName}.pdf`,
  };
}

/**
 * POST /api/properties/:id/monthly-information/send: queues the month's letter by e-mail for every
 * tenancy with an address that was not informed of the month before, recording it in the same
 * account transaction (decision 1020); tenants without an address are named for the landlord.
 */
export async function sendMonthlyInformation(
  db: Db,
  userId: string,
  propertyId: string,
  month: string,
): Promise<MonthlyInformationSendResult> {
  const information = await loadMonthlyInformation(db, userId, propertyId, month);
  return inAccountTransaction(db, userId, async (trx) => {
    const queued: string[] = [];
    const alreadyInformed: string[] = [];
    const withoutEmail: MonthlyInformationSendResult["withoutEmail"] = [];
    for (const tenancy of information.tenancies) {
      if (!tenancy.email) {
        withoutEmail.push({ tenantId: tenancy.tenantId, tenantName: tenancy.tenantName });
        continue;
      }
      const letterId = await insertLetterOnce(trx, {
        userId,
        propertyId,
        tenantId: tenancy.tenantId,
        month,
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
      recipient: row.recipient,
      queuedAt: row.queuedAt.toISOString(),
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    })),
  };
}
