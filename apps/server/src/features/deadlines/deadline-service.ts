import {
  countDaysUntil,
  DEADLINE_RISK_WINDOW_DAYS,
  describePeriodDeadline,
  isOverlapping,
  OPEN_END_DATE,
  type DeadlineReminderDays,
} from "@nk/engine";
import {
  getTodayInGermany,
  getMeterLabel,
  type DeadlineOverview,
  type DeadlinePeriod,
  type DeadlineTenancy,
  type MeterRetrofit,
} from "@nk/contract";
import { listMeters } from "../metering/meters/meter-queries.ts";
import { withRemoteReading } from "../metering/meters/meter-service.ts";
import type { Db } from "../../db/database.ts";
import {
  listFinalStatementsOfAccount,
  listPeriodsOfAccount,
  listTenanciesOfAccount,
  type FinalStatementRow,
} from "./deadline-queries.ts";

// Issue 30 (decision 1500, docs/calculation/18-fristen.md): the § 556 (3) BGB deadline of every
// billing period and which tenancies' statements went out. The engine computes the deadline,
// the days left and the status (describePeriodDeadline); this file only gathers the rows.

export interface PeriodWithReminder extends DeadlinePeriod {
  /** The reminder due on the overview's day (90, 30 or 7 days before), with unsent statements only. */
  dueReminderDays: DeadlineReminderDays | null;
}

interface TenancyDispatch {
  dispatchedOn: string | null;
  dispatchChannel: "email" | "post" | null;
}

/** The day a letter went out: its recorded dispatch, or for a letter sent before decision 1060 the day of `sent_at` in Germany. */
function dispatchDayOf(row: FinalStatementRow): string | null {
  if (row.dispatchedOn) return row.dispatchedOn;
  return row.sentAt ? getTodayInGermany(row.sentAt) : null;
}

/** The first letter that went out for the tenancy in the period (a correction's later letter does not move the proof). */
function findFirstDispatch(rows: FinalStatementRow[]): TenancyDispatch {
  let first: TenancyDispatch = { dispatchedOn: null, dispatchChannel: null };
  for (const row of rows) {
    const day = dispatchDayOf(row);
    if (day && (first.dispatchedOn === null || day < first.dispatchedOn))
      first = { dispatchedOn: day, dispatchChannel: row.dispatchChannel ?? "post" };
  }
  return first;
}

function findLatestRun(rows: FinalStatementRow[]): FinalStatementRow | null {
  return rows.reduce<FinalStatementRow | null>(
    (latest, row) => (latest === null || row.version > latest.version ? row : latest),
    null,
  );
}

/** The overview of one account on `today` (today in Germany unless a test freezes it). */
export async function buildDeadlinePeriods(
  db: Db,
  userId: string,
  today: string,
): Promise<PeriodWithReminder[]> {
  const [periods, tenancies, statements] = await Promise.all([
    listPeriodsOfAccount(db, userId),
    listTenanciesOfAccount(db, userId),
    listFinalStatementsOfAccount(db, userId),
  ]);
  const statementsByPeriod = new Map<string, FinalStatementRow[]>();
  for (const row of statements)
    statementsByPeriod.set(row.billingPeriodId, [
      ...(statementsByPeriod.get(row.billingPeriodId) ?? []),
      row,
    ]);
  return periods.map((period) => {
    const rows = statementsByPeriod.get(period.id) ?? [];
    const latestRun = findLatestRun(rows);
    const range = { from: period.billingPeriodStart, to: period.billingPeriodEnd };
    // Who must get a statement: every tenancy of the property that shares a day with the period,
    // and every tenant a finalized run of it was written for.
    const members = new Map<string, { name: string; unitName: string }>();
    for (const tenancy of tenancies) {
      if (tenancy.propertyId !== period.propertyId) continue;
      if (
        !isOverlapping(range, {
          from: tenancy.moveInDate,
          to: tenancy.moveOutDate ?? OPEN_END_DATE,
        })
      )
        continue;
      members.set(tenancy.id, { name: tenancy.name, unitName: tenancy.unitName });
    }
    for (const row of rows)
      if (!members.has(row.tenantId!))
        members.set(row.tenantId!, { name: row.tenantName ?? "", unitName: row.unitName ?? "" });
    const entries = [...members.entries()].map(([tenantId, member]) => {
      const ofTenant = rows.filter((row) => row.tenantId === tenantId);
      const current = latestRun ? ofTenant.find((row) => row.runId === latestRun.runId) : undefined;
      return {
        tenantId,
        ...member,
        statementId: current?.id ?? null,
        ...findFirstDispatch(ofTenant),
      };
    });
    entries.sort(
      (a, b) => a.unitName.localeCompare(b.unitName, "de") || a.name.localeCompare(b.name, "de"),
    );
    const state = describePeriodDeadline(period.billingPeriodEnd, today, entries);
    const tenancyStates: DeadlineTenancy[] = entries.map((entry, index) => ({
      tenantId: entry.tenantId,
      tenantName: entry.name,
      unitName: entry.unitName,
      statementId: entry.statementId,
      dispatchedOn: entry.dispatchedOn,
      dispatchChannel: entry.dispatchChannel,
      isLate: state.tenancies[index]!.isLate,
    }));
    return {
      billingPeriodId: period.id,
      propertyId: period.propertyId,
      propertyName: period.propertyName,
      periodStart: period.billingPeriodStart,
      periodEnd: period.billingPeriodEnd,
      deadline: state.deadline,
      daysLeft: state.daysLeft,
      status: state.status,
      runId: latestRun?.runId ?? null,
      sentCount: state.sentCount,
      unsentCount: state.unsentCount,
      tenancies: tenancyStates,
      dueReminderDays: state.dueReminderDays,
    };
  });
}

/**
 * Issue 30, item 1 (decision 1630): the account's heating and hot-water meters without remote
 * reading, grouped by property and deadline (the engine says what § 5 HeizkV asks of each).
 */
async function buildMeterRetrofits(
  db: Db,
  userId: string,
  today: string,
): Promise<MeterRetrofit[]> {
  const groups = new Map<string, MeterRetrofit>();
  for (const record of await listMeters(db, userId)) {
    const meter = withRemoteReading(record, today);
    const { status, deadline, requiredFrom } = meter.remoteReading;
    if (
      (status !== "retrofit_due" && status !== "missing") ||
      deadline === null ||
      requiredFrom === null
    )
      continue;
    const key = `${meter.property.id}|${deadline}|${status}`;
    const group = groups.get(key) ?? {
      propertyId: meter.property.id,
      propertyName: meter.property.name,
      deadline,
      requiredFrom,
      daysLeft: countDaysUntil(today, deadline),
      status,
      meters: [],
    };
    group.meters.push({
      id: meter.id,
      label: getMeterLabel(meter),
      meterType: meter.meterType,
      unitName: meter.unit?.name ?? null,
      installedOn: meter.installedOn,
    });
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      a.deadline.localeCompare(b.deadline) || a.propertyName.localeCompare(b.propertyName, "de"),
  );
}

/** GET /api/deadlines: every period, the latest deadline first, and the ids of those at risk, the nearest first. */
export async function loadDeadlineOverview(
  db: Db,
  userId: string,
  today: string = getTodayInGermany(),
): Promise<DeadlineOverview> {
  const [periods, meterRetrofits] = await Promise.all([
    buildDeadlinePeriods(db, userId, today),
    buildMeterRetrofits(db, userId, today),
  ]);
  periods.sort(
    (a, b) =>
      b.deadline.localeCompare(a.deadline) || a.propertyName.localeCompare(b.propertyName, "de"),
  );
  const atRiskIds = periods
    .filter((period) => period.status === "at_risk")
    .sort((a, b) => a.daysLeft - b.daysLeft || a.propertyName.localeCompare(b.propertyName, "de"))
    .map((period) => period.billingPeriodId);
  return {
    today,
    riskWindowDays: DEADLINE_RISK_WINDOW_DAYS,
    periods: periods.map(({ dueReminderDays: _due, ...period }) => period),
    atRiskIds,
    meterRetrofits,
  };
}
