import type { Db } from "../../db/database.ts";
import { unpackJson } from "../../db/packed-json.ts";

// What the letters need beyond the snapshot: names, addresses, e-mail; all scoped to the account.

const SNAPSHOT_COLUMNS = [
  "s.id",
  "s.propertyId",
  "s.isFinal",
  "d.engineInput",
  "d.result",
  "d.consumption",
  "s.calculatedAt",
  "s.finalizedAt",
  "s.billingPeriodId",
  "s.lateExcuse",
  "s.prepaymentRounding",
  "p.name as propertyName",
  "p.street as propertyStreet",
  "p.houseNumber as propertyHouseNumber",
  "p.postalCode as propertyPostalCode",
  "p.city as propertyCity",
] as const;

export async function findSnapshotForDocuments(db: Db, userId: string, statementRunId: string) {
  const row = await db
    .selectFrom("statementRuns as s")
    .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
    .innerJoin("properties as p", "p.id", "s.propertyId")
    // A correction names the run it replaces (docs/rules/statements.md#saved-runs).
    .leftJoin("statementRuns as r", "r.id", "s.replacesId")
    .select([...SNAPSHOT_COLUMNS, "s.version", "r.finalizedAt as replacesFinalizedAt"])
    .where("s.id", "=", statementRunId)
    .where("s.userId", "=", userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const [engineInput, result, consumption] = await Promise.all(
    [row.engineInput, row.result, row.consumption].map(unpackJson),
  );
  return { ...row, engineInput, result, consumption };
}

export type SnapshotForDocuments = NonNullable<
  Awaited<ReturnType<typeof findSnapshotForDocuments>>
>;

/** The property's name and address, for a letter of a calculation that is not saved yet. */
export async function findPropertyForDocuments(db: Db, userId: string, propertyId: string) {
  return db
    .selectFrom("properties as p")
    .select([
      "p.name as propertyName",
      "p.street as propertyStreet",
      "p.houseNumber as propertyHouseNumber",
      "p.postalCode as propertyPostalCode",
      "p.city as propertyCity",
    ])
    .where("p.id", "=", propertyId)
    .where("p.userId", "=", userId)
    .executeTakeFirst();
}

/** Issue 24: what a dispatched letter recorded (decision 1060). */
const DISPATCH_COLUMNS = [
  "dispatchedOn",
  "dispatchChannel",
  "dispatchContext",
  "settledBalance",
] as const;

export async function findTenantStatement(db: Db, userId: string, statementId: string) {
  return db
    .selectFrom("tenancyStatements")
    .select([
      "id",
      "statementRunId",
      "tenantId",
      "unitId",
      "tenantName",
      "unitName",
      "status",
      "pdfStoragePath",
      "sentAt",
      ...DISPATCH_COLUMNS,
    ])
    .where("id", "=", statementId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export type TenantStatementRow = NonNullable<Awaited<ReturnType<typeof findTenantStatement>>>;

export async function listStatementsOfRun(db: Db, userId: string, statementRunId: string) {
  return db
    .selectFrom("tenancyStatements")
    .select([
      "id",
      "tenantId",
      "unitId",
      "tenantName",
      "unitName",
      "status",
      "pdfStoragePath",
      "sentAt",
      ...DISPATCH_COLUMNS,
    ])
    .where("statementRunId", "=", statementRunId)
    .where("userId", "=", userId)
    .execute();
}

export async function listUnitNames(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("units")
    .select(["id", "name"])
    .where("propertyId", "=", propertyId)
    .where("userId", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listTenantContacts(db: Db, userId: string, tenantIds: string[]) {
  if (tenantIds.length === 0)
    return new Map<
      string,
      {
        name: string;
        address: string | null;
        postalCode: string | null;
        city: string | null;
        email: string | null;
        moveOutDate: string | null;
      }
    >();
  const rows = await db
    .selectFrom("tenants")
    .select(["id", "name", "address", "postalCode", "city", "email", "moveOutDate"])
    .where("id", "in", tenantIds)
    .where("userId", "=", userId)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The mail was accepted: sent_at and the status 'sent' (docs/rules/statements.md#statuses: finalized → sent). */
export async function markStatementSent(
  db: Db,
  userId: string,
  statementId: string,
  sentAt: Date,
): Promise<void> {
  await db
    .updateTable("tenancyStatements")
    .set({ sentAt, status: "sent", updatedAt: sentAt })
    .where("id", "=", statementId)
    .where("userId", "=", userId)
    .where("status", "in", ["finalized", "sent"])
    .execute();
}

/** The latest run of the property's billing period that ends the day before `periodStart` (§ 6a (3) HeizkV comparison). */
export async function findPreviousRunInput(
  db: Db,
  userId: string,
  propertyId: string,
  previousPeriodEnd: string,
) {
  const row = await db
    .selectFrom("statementRuns as s")
    .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
    .innerJoin("billingPeriods as g", "g.id", "s.billingPeriodId")
    .select(["d.engineInput", "d.result", "g.billingPeriodStart", "g.billingPeriodEnd"])
    .where("s.userId", "=", userId)
    .where("s.propertyId", "=", propertyId)
    .where("g.billingPeriodEnd", "=", previousPeriodEnd)
    .orderBy("s.isFinal", "desc")
    .orderBy("s.version", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const [engineInput, result] = await Promise.all([row.engineInput, row.result].map(unpackJson));
  return { ...row, engineInput, result };
}

/**
 * A correction (issue 24, item 2): each tenant's latest letter of the same billing period from an
 * earlier version that went out (dispatched, or sent before issue 24), with what it settled
 * (letters sent before issue 24 settled their balance) and that version's result.
 */
export async function listPreviousLetters(
  db: Db,
  userId: string,
  billingPeriodId: string,
  beforeVersion: number,
) {
  return db
    .selectFrom("tenancyStatements as st")
    .innerJoin("statementRuns as s", "s.id", "st.statementRunId")
    .select([
      "st.tenantId",
      "s.id as statementRunId",
      "s.version",
      "st.dispatchedOn",
      "st.sentAt",
      "st.settledBalance",
      "st.finalBalance",
    ])
    .where("st.userId", "=", userId)
    .where("st.billingPeriodId", "=", billingPeriodId)
    .where("s.version", "<", beforeVersion)
    .where((eb) => eb.or([eb("st.dispatchedOn", "is not", null), eb("st.sentAt", "is not", null)]))
    .orderBy("s.version", "desc")
    .execute();
}

/** The engine input and result of these runs of the account, unpacked (decision 1860), by run id. */
export async function findRunInputsAndResults(db: Db, userId: string, statementRunIds: string[]) {
  if (statementRunIds.length === 0)
    return new Map<string, { engineInput: unknown; result: unknown }>();
  const rows = await db
    .selectFrom("statementRuns as s")
    .innerJoin("statementRunDocuments as d", "d.id", "s.documentsId")
    .select(["s.id", "d.engineInput", "d.result"])
    .where("s.userId", "=", userId)
    .where("s.id", "in", statementRunIds)
    .execute();
  return new Map(
    await Promise.all(
      rows.map(async (row) => {
        const [engineInput, result] = await Promise.all(
          [row.engineInput, row.result].map(unpackJson),
        );
        return [row.id, { engineInput, result }] as const;
      }),
    ),
  );
}

/** The letter went out (issue 24, decision 1060): its date, channel, context, what it settled and its stored file. First dispatch wins. */
export async function recordDispatch(
  db: Db,
  userId: string,
  statementId: string,
  dispatch: {
    dispatchedOn: string;
    channel: "email" | "post";
    context: unknown;
    settledBalance: string;
    fileKey: string;
  },
): Promise<void> {
  await db
    .updateTable("tenancyStatements")
    .set({
      dispatchedOn: dispatch.dispatchedOn,
      dispatchChannel: dispatch.channel,
      dispatchContext: JSON.stringify(dispatch.context),
      settledBalance: dispatch.settledBalance,
      pdfStoragePath: dispatch.fileKey,
      updatedAt: new Date(),
    })
    .where("id", "=", statementId)
    .where("userId", "=", userId)
    .where("dispatchedOn", "is", null)
    .execute();
}

/** Issue 30: how the run's letters round the proposed prepayment (§ 560 (4) BGB); null: no proposal. false when the run is not the account's. */
export async function setRunPrepaymentRounding(
  db: Db,
  userId: string,
  statementRunId: string,
  rounding: "euro" | "five_euros" | null,
): Promise<boolean> {
  const result = await db
    .updateTable("statementRuns")
    .set({ prepaymentRounding: rounding })
    .where("id", "=", statementRunId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** § 556 (3) Satz 3 BGB: the landlord's reason why a late statement is not his fault, on the run (issue 24). */
export async function setRunLateExcuse(
  db: Db,
  userId: string,
  statementRunId: string,
  excuse: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("statementRuns")
    .set({ lateExcuse: excuse, lateExcuseAt: excuse === null ? null : new Date() })
    .where("id", "=", statementRunId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
