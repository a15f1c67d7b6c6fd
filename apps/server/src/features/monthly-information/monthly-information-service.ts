import { addDays, computeMonthlyInformation, getLastDayOfMonth, getPreviousMonth, isHeizkvMeterType } from "@nk/engine";
import { formatMonthDe, getTodayInGermany, METER_TYPE_UNITS, MONTHLY_INFORMATION_MESSAGES, type MeterType, type MonthlyInformation } from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { isResourceId } from "../../domain/resource-id.ts";
import { findBillingData } from "../billing-data/billing-data-queries.ts";
import { buildMonthlyInformationDocument } from "./monthly-information-document.ts";
import { renderPdf } from "../statement-documents/pdf-renderer.ts";
import type { PdfFile } from "../statement-documents/statement-document-service.ts";
import { findPropertyOfAccount, listTenanciesInRange, listUnitMetersWithReadings, listUnitsOfProperty } from "./monthly-information-queries.ts";

// Issue 30, item 2 (decision 1630, docs/rules/heating.md#monthly-information): the § 6a (1), (2)
// HeizkV monthly information of a property's tenancies. The engine computes every figure
// (computeMonthlyInformation); this file gathers the rows and hands them to the letter.

/** The month must be over (the information is about last month or earlier). */
function assertMonthOver(month: string): void {
  if (getLastDayOfMonth(month) >= getTodayInGermany()) {
    throw new ValidationFailed({ month: MONTHLY_INFORMATION_MESSAGES.monthInFuture }, MONTHLY_INFORMATION_MESSAGES.monthInFuture);
  }
}

/** GET /api/properties/:id/monthly-information?month=YYYY-MM */
export async function loadMonthlyInformation(db: Db, userId: string, propertyId: string, month: string): Promise<MonthlyInformation> {
  const property = isResourceId(propertyId) ? await findPropertyOfAccount(db, userId, propertyId) : undefined;
  if (!property) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.propertyNotFound);
  assertMonthOver(month);
  const monthStart = `${month}-01`;
  const monthEnd = getLastDayOfMonth(month);
  // Readings from the end of the month before last year's month (the engine reads each month's
  // last day or the next first day) up to the first day after the month.
  const lastYearMonth = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  const readFrom = getLastDayOfMonth(getPreviousMonth(lastYearMonth));
  const [units, tenancies, meters] = await Promise.all([
    listUnitsOfProperty(db, userId, propertyId),
    listTenanciesInRange(db, userId, propertyId, monthStart, monthEnd),
    listUnitMetersWithReadings(db, userId, propertyId, readFrom, addDays(monthEnd, 1)),
  ]);
  const information = computeMonthlyInformation({
    month,
    units: units.map((unit) => ({ id: unit.id, area: unit.area })),
    meters: meters.map((meter) => ({ meterId: meter.id, unitId: meter.unitId, meterType: meter.meterType, readings: meter.readings })),
  });
  const byUnit = new Map(information.map((entry) => [entry.unitId, entry.figures]));
  return {
    propertyId: property.id,
    propertyName: property.name,
    month,
    tenancies: tenancies.flatMap((tenancy) => {
      const figures = byUnit.get(tenancy.unitId);
      if (!figures) return [];
      const heatingMeters = meters.filter((meter) => meter.unitId === tenancy.unitId && isHeizkvMeterType(meter.meterType));
      return [
        {
          tenantId: tenancy.id,
          tenantName: tenancy.name,
          unitName: tenancy.unitName,
          email: tenancy.email,
          isRemoteReadable: heatingMeters.length > 0 && heatingMeters.every((meter) => meter.isRemoteReadable),
          isPartMonth: tenancy.moveInDate > monthStart || (tenancy.moveOutDate !== null && tenancy.moveOutDate < monthEnd),
          figures: figures.map((figure) => ({ ...figure, unitLabel: METER_TYPE_UNITS[figure.meterType as MeterType] ?? "" })),
        },
      ];
    }),
  };
}

/** GET /api/properties/:id/monthly-information/:tenantId/pdf?month=YYYY-MM: the tenant's letter. */
export async function getMonthlyInformationPdf(db: Db, userId: string, propertyId: string, tenantId: string, month: string): Promise<PdfFile> {
  const information = await loadMonthlyInformation(db, userId, propertyId, month);
  const tenancy = information.tenancies.find((entry) => entry.tenantId === tenantId);
  if (!tenancy) throw new NotFound(MONTHLY_INFORMATION_MESSAGES.tenantNotFound);
  const sender = await findBillingData(db, userId);
  const pdf = await renderPdf(
    buildMonthlyInformationDocument({
      propertyName: information.propertyName,
      month,
      tenancy,
      sender: sender ? { name: sender.companyName ?? [sender.firstName, sender.lastName].filter(Boolean).join(" "), address: `${sender.street} ${sender.houseNumber}, ${sender.postalCode} ${sender.city}` } : null,
      date: getTodayInGermany(),
    }),
  );
  return { bytes: pdf.bytes, fileName: `Verbrauchsinformation ${formatMonthDe(month)} ${tenancy.tenantName}.pdf` };
}
