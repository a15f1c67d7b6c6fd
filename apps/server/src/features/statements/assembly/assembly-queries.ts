import type { Db } from "../../../db/database.ts";
import { splitIntoParts } from "../../../db/write-batches.ts";
import type { AssemblyData, AssemblyTenant } from "./assembly-data.ts";

// The stored data of one billing period that the assembly reads (docs/rules/statement-inputs.md#assembly), scoped to the account.
// Lists of ids go as one array parameter (`= any($1)`, decision 1861): at 5,000 units an `in`
// list was 15,000 parameters for the database to parse and plan.

export interface OwnedBillingPeriod {
  id: string;
  propertyId: string;
  propertyName: string;
  name: string;
  start: string;
  end: string;
  isFinal: boolean;
}

export async function findOwnedBillingPeriod(
  db: Db,
  userId: string,
  id: string,
): Promise<OwnedBillingPeriod | undefined> {
  return db
    .selectFrom("billingPeriods as g")
    .innerJoin("properties as p", "p.id", "g.propertyId")
    .select([
      "g.id",
      "g.propertyId",
      "p.name as propertyName",
      "g.name",
      "g.billingPeriodStart as start",
      "g.billingPeriodEnd as end",
      "g.isFinal",
    ])
    .where("g.id", "=", id)
    .where("g.userId", "=", userId)
    .executeTakeFirst();
}

/** Meters per query of their readings (at 15,000 meters six queries of about 50 ms each). */
const METERS_PER_READINGS_QUERY = 2_500;

function groupByTenant<T extends { tenantId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.tenantId);
    if (group) group.push(row);
    else groups.set(row.tenantId, [row]);
  }
  return groups;
}

/** Loads what the assembly needs; `previousEnd` is the day before the period starts. */
export async function loadAssemblyData(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  previousEnd: string,
): Promise<AssemblyData> {
  const property = await db
    .selectFrom("properties")
    .select(["propertyType", "efficiencyClass"])
    .where("id", "=", period.propertyId)
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  const previous = await db
    .selectFrom("billingPeriods")
    .select("id")
    .where("propertyId", "=", period.propertyId)
    .where("userId", "=", userId)
    .where("billingPeriodEnd", "=", previousEnd)
    .executeTakeFirst();
  const units = await db
    .selectFrom("units")
    .select(["id", "name", "area", "persons", "hasDecentralizedHotWater"])
    .where("propertyId", "=", period.propertyId)
    .where("userId", "=", userId)
    .orderBy("name")
    .orderBy("createdAt")
    .execute();
  const unitIds = units.map((u) => u.id);
  const tenantRows =
    unitIds.length === 0
      ? []
      : await db
          .selectFrom("tenants")
          .select(["id", "unitId", "name", "moveInDate", "moveOutDate"])
          .where("unitId", "=", (eb) => eb.fn.any(eb.val(unitIds)))
          .where("userId", "=", userId)
          .where("moveInDate", "<=", period.end)
          .where((eb) =>
            eb.or([eb("moveOutDate", "is", null), eb("moveOutDate", ">=", period.start)]),
          )
          .orderBy("moveInDate")
          .execute();
  const tenantIds = tenantRows.map((t) => t.id);
  const occupants =
    tenantIds.length === 0
      ? []
      : await db
          .selectFrom("tenantAttributes")
          .select(["tenantId", "persons", "validFrom", "validUntil"])
          .where("tenantId", "=", (eb) => eb.fn.any(eb.val(tenantIds)))
          .where("isActive", "=", true)
          .orderBy("validFrom")
          .execute();
  const prepayments =
    tenantIds.length === 0
      ? []
      : await db
          .selectFrom("tenantPrepayments")
          .select(["tenantId", "monthlyAmount", "validFrom", "validUntil"])
          .where("tenantId", "=", (eb) => eb.fn.any(eb.val(tenantIds)))
          .where("isActive", "=", true)
          .orderBy("validFrom")
          .execute();
  const meters = await db
    .selectFrom("meters")
    .select([
      "id",
      "unitId",
      "meterType",
      "meterNumber",
      "displayName",
      "isRemoteReadable",
      "installedOn",
    ])
    .where("userId", "=", userId)
    .where((eb) =>
      unitIds.length === 0
        ? eb("propertyId", "=", period.propertyId)
        : eb.or([
            eb("propertyId", "=", period.propertyId),
            eb("unitId", "=", eb.fn.any(eb.val(unitIds))),
          ]),
    )
    .orderBy("meterType")
    .orderBy("meterNumber")
    .execute();
  const meterIds = meters.map((m) => m.id);
  const billingPeriodIds = previous ? [period.id, previous.id] : [period.id];
  // In parts of meters: each part is one statement, so on the embedded database a read of
  // another user waits for one part, not for the readings of 15,000 meters (issue 32,
  // decision 1880). A meter's readings are all in its part, in the order below; the assembly
  // groups them by meter.
  const readings: AssemblyData["readings"] = [];
  for (const someMeterIds of splitIntoParts(meterIds, METERS_PER_READINGS_QUERY))
    readings.push(
      ...(await db
        .selectFrom("meterReadings")
        .select([
          "id",
          "meterId",
          "billingPeriodId",
          "readingValue as value",
          "readingDate as date",
        ])
        .where("meterId", "=", (eb) => eb.fn.any(eb.val(someMeterIds)))
        .where("userId", "=", userId)
        .where((eb) =>
          eb.or([
            eb("readingDate", "<=", period.end),
            eb("billingPeriodId", "in", billingPeriodIds),
          ]),
        )
        .orderBy("readingDate")
        .orderBy("createdAt")
        .execute()),
    );
  // Grouped once by tenant (each list keeps its order): a filter per tenant read every row of
  // the property once per tenant, 36 million comparisons at 6,000 tenancies (issue 32).
  const occupantsOf = groupByTenant(occupants);
  const prepaymentsOf = groupByTenant(prepayments);
  const tenants: AssemblyTenant[] = tenantRows.map((t) => ({
    ...t,
    occupants: (occupantsOf.get(t.id) ?? []).map(({ persons, validFrom, validUntil }) => ({
      persons,
      validFrom,
      validUntil,
    })),
    prepayments: (prepaymentsOf.get(t.id) ?? []).map(
      ({ monthlyAmount, validFrom, validUntil }) => ({
        monthlyAmount,
        validFrom,
        validUntil,
      }),
    ),
  }));
  return {
    period: {
      id: period.id,
      start: period.start,
      end: period.end,
      previousPeriodId: previous?.id ?? null,
    },
    property,
    units,
    tenants,
    meters,
    readings,
  };
}
