import {
  CALCULATION_CONTRACT_VERSION,
  STATEMENT_MESSAGES,
  type MemberRole,
  type RateCost,
  type StatementConsumption,
  type StatementAnalysis,
  type StatementPreview,
  type StatementRun,
  type StatementSaveResult,
  type StatementStatus,
  type statementPreviewBodySchema,
  type statementSaveBodySchema,
  type TenantStatement,
  readStoredRun,
} from "@nk/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { Conflict, NotFound, NotSignedIn } from "../../domain/domain-errors.ts";
import { requireResourceId } from "../../domain/resource-id.ts";
import { logActivity } from "../activity/activity-log.ts";
import { assertCanCreate } from "../account/subscription-service.ts";
import { findOwnedBillingPeriod } from "./assembly/assembly-queries.ts";
import { replaceCosts } from "./costs-queries.ts";
import { requireOwnedBillingPeriod } from "./costs-service.ts";
import {
  computeRunForSave,
  computeStatement,
  type ComputedRun,
} from "./statement-calculation-service.ts";
import type { StatementCalculator } from "./statement-calculation-pool.ts";
import type { TenancySummary } from "./statement-calculation-protocol.ts";
import { requireCompleteBillingData } from "../billing-data/billing-data-service.ts";
import { loadFeatureFlags } from "../account/subscription-change-service.ts";
import { limitToPlan } from "./statement-analysis-service.ts";
import {
  setRunLateExcuse,
  setRunPrepaymentRounding,
} from "../statement-documents/statement-document-queries.ts";
import {
  deleteUnnamedRunDocuments,
  findLatestSnapshotOfPeriod,
  findSnapshot,
  findTenantAndUnitNames,
  insertRunDocuments,
  insertSnapshot,
  insertTenantStatements,
  listStatementsOfSnapshot,
  lockBillingPeriod,
  markPeriodFinal,
  toSnapshotColumns,
  updateDraftSnapshot,
  type NewTenantStatement,
} from "./statement-run-queries.ts";
import { readAccountDataVersion } from "../account/account-lock-queries.ts";
import { AccountDataChanged, inAccountTransactionAt } from "../account/account-transaction.ts";
import { assertMayFinalize } from "./statement-transition-service.ts";

// Preview, save and read of statement runs (issue 11; docs/rules/statements.md#saved-runs: a saved run is a snapshot of
// the exact input and output; a draft is replaced on saving again, a finalized run never changes).

type PreviewBody = z.output<typeof statementPreviewBodySchema>;
type SaveBody = z.output<typeof statementSaveBodySchema>;

export async function previewStatement(
  db: Db,
  userId: string,
  body: PreviewBody,
): Promise<StatementPreview> {
  const computed = await computeStatement(db, userId, body);
  const analysis = limitToPlan(computed.analysis, await loadFeatureFlags(db, userId));
  return {
    engineInput: computed.engineInput,
    result: computed.result,
    warnings: computed.warnings,
    consumption: computed.consumption,
    rateCosts: computed.rateCosts,
    analysis,
  };
}

/** Every tenancy's statement, from the engine's output (docs/rules/tenancies-and-keys.md#who-bears-what, docs/rules/statements.md#saved-runs); its lines stay in the stored result (decision 1740). */
function buildTenantStatements(
  tenancies: TenancySummary[],
  names: { tenants: Map<string, string>; units: Map<string, string> },
): NewTenantStatement[] {
  return tenancies.map((tenancy) => ({
    unitId: tenancy.unitId,
    tenantId: tenancy.tenancyId,
    tenantName: names.tenants.get(tenancy.tenancyId) ?? "",
    unitName: names.units.get(tenancy.unitId) ?? "",
    periodFrom: tenancy.from,
    periodTo: tenancy.to,
    total: tenancy.total,
    prepayments: tenancy.prepayments,
    balance: tenancy.balance,
  }));
}

function toTenantStatement(
  row: Awaited<ReturnType<typeof listStatementsOfSnapshot>>[number],
): TenantStatement {
  return {
    id: row.id,
    tenantId: row.tenantId,
    unitId: row.unitId,
    tenantName: row.tenantName ?? "",
    unitName: row.unitName ?? "",
    from: row.periodFrom ?? "",
    to: row.periodTo ?? "",
    total: row.totalCostsShare,
    prepayments: row.prepaymentAmount,
    balance: row.finalBalance,
    status: row.status as StatementStatus,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** How often a save calculates again when the account's data changed meanwhile (decision 1741). */
const SAVE_ATTEMPTS = 3;

interface StoredRunRef {
  id: string;
  created: boolean;
  version: number;
}

/** Unnamed documents a save could not remove (decision 1880): a later save removes them. */
function logCleanupFailure(logger: Logger, error: unknown): void {
  logger.warn("statement.documents_cleanup_failed", {
    message: error instanceof Error ? error.message : String(error),
  });
}

/**
 * Calculates the run outside any transaction, then writes it in a short one (decision 1741):
 * the account's data version is read before the inputs; the write locks the account (decision
 * 1020) and goes ahead only if no write of the account committed since, so the run holds exactly
 * the data answered before the save, and a write answered after it finds the run (a costs edit
 * of a finalized period: 409). Otherwise the save calculates again (3 tries, then 409).
 * The run's documents are written before the transaction, which only names them (decision
 * 1880); documents no run names are removed again.
 */
async function storeRun(
  db: Db,
  userId: string,
  body: SaveBody,
  calculator: StatementCalculator,
  logger: Logger,
): Promise<StoredRunRef> {
  for (let attempt = 1; ; attempt += 1) {
    const readVersion = await readAccountDataVersion(db, userId);
    if (readVersion === null) throw new NotSignedIn();
    let computed: ComputedRun;
    let statements: NewTenantStatement[];
    let documentsId: string;
    try {
      computed = await computeRunForSave(db, userId, body, calculator);
      const { tenancies } = computed.run;
      const names = await findTenantAndUnitNames(
        db,
        userId,
        tenancies.map((t) => t.tenancyId),
        tenancies.map((t) => t.unitId),
      );
      statements = buildTenantStatements(tenancies, names);
      // Written before the transaction, which only names them (decision 1880). Contract v1.6
      // (decision 1730): stored compactly, read back through readStoredRun.
      documentsId = await insertRunDocuments(db, userId, {
        engineInput: computed.run.engineInputPacked,
        result: computed.run.resultPacked,
        consumption: computed.run.consumptionPacked,
        analysis: computed.run.analysisPacked,
      });
    } catch (error) {
      // The reads are not one snapshot: a write between two of them (a property deleted after
      // its period was read) can fail one. Then the version moved, and the next try answers
      // from the data as it is now (a 404, say); a failure on unchanged data is the answer.
      if ((await readAccountDataVersion(db, userId)) === readVersion) throw error;
      if (attempt < SAVE_ATTEMPTS) continue;
      throw new Conflict(STATEMENT_MESSAGES.changedWhileSaving, { code: "CONCURRENT_CHANGE" });
    }
    let stored: Awaited<ReturnType<typeof writeRun>>;
    try {
      stored = await writeRun(db, userId, body, readVersion, computed, statements, documentsId);
    } catch (error) {
      // Not named by any run: they go (if even that fails, the account's next save removes
      // them; the save's own error is the answer).
      await deleteUnnamedRunDocuments(db, userId, { id: documentsId }).catch((cleanupError) =>
        logCleanupFailure(logger, cleanupError),
      );
      if (!(error instanceof AccountDataChanged)) throw error;
      if (attempt >= SAVE_ATTEMPTS)
        throw new Conflict(STATEMENT_MESSAGES.changedWhileSaving, { code: "CONCURRENT_CHANGE" });
      continue;
    }
    // The run is saved. The documents it named before go, unless a correction's draft names
    // them still, and so do documents a save left when its process ended between its two steps.
    // A failure here is logged, not answered: the run is saved, what is left goes later.
    try {
      if (stored.previousDocumentsId)
        await deleteUnnamedRunDocuments(db, userId, { id: stored.previousDocumentsId });
      await deleteUnnamedRunDocuments(db, userId, "abandoned");
    } catch (cleanupError) {
      logCleanupFailure(logger, cleanupError);
    }
    return { id: stored.id, created: stored.created, version: stored.version };
  }
}

async function writeRun(
  db: Db,
  userId: string,
  body: SaveBody,
  readVersion: number,
  computed: ComputedRun,
  statements: NewTenantStatement[],
  documentsId: string,
): Promise<StoredRunRef & { previousDocumentsId: string | null }> {
  const calculatedAt = new Date();
  const values = {
    engineVersion: CALCULATION_CONTRACT_VERSION,
    documentsId,
    rateCosts: computed.rateCosts,
    totalCosts: computed.run.totalCosts,
    isFinal: body.finalize,
    calculatedAt,
  };
  // The JSON is made before the account is locked: the lock is held for the writes alone.
  const columns = toSnapshotColumns(values);
  return inAccountTransactionAt(db, userId, readVersion, async (trx) => {
    // Saves of one period take turns (issue 18: two finalizes at once leave one finalized run).
    await lockBillingPeriod(trx, userId, body.billingPeriodId);
    const period = await findOwnedBillingPeriod(trx, userId, body.billingPeriodId);
    if (!period) throw new NotFound(STATEMENT_MESSAGES.billingPeriodNotFound);
    const latest = await findLatestSnapshotOfPeriod(trx, userId, period.id);
    if (period.isFinal || latest?.isFinal)
      throw new Conflict(STATEMENT_MESSAGES.alreadyFinal, { code: "STATEMENT_FINAL" });
    let statementRunId: string;
    if (latest) {
      await updateDraftSnapshot(trx, userId, latest.id, columns);
      statementRunId = latest.id;
    } else {
      // docs/rules/statements.md#saved-runs: the plan limit counts saved billing periods, drafts included.
      await assertCanCreate(trx, userId, "billingStatements");
      statementRunId = await insertSnapshot(trx, userId, period.id, period.propertyId, columns);
    }
    // The inputs of the run are the period's inputs from now on (a reload shows them).
    if (body.costItems) await replaceCosts(trx, userId, period.id, computed.inputs);
    // Issue 24: the landlord's reason why a statement after the § 556 (3) BGB deadline is not his fault.
    if (body.lateExcuse !== undefined) {
      await setRunLateExcuse(trx, userId, statementRunId, body.lateExcuse);
      await logActivity(trx, {
        userId,
        key: "statement.late_excuse_set",
        entityId: statementRunId,
        entityName: period.name,
        metadata: { reason: body.lateExcuse },
      });
    }
    // Issue 30: § 560 (4) BGB, whether and how the letters propose the new prepayment.
    if (body.prepaymentRounding !== undefined)
      await setRunPrepaymentRounding(trx, userId, statementRunId, body.prepaymentRounding);
    const status: StatementStatus = body.finalize ? "finalized" : "calculated";
    await insertTenantStatements(
      trx,
      userId,
      {
        statementRunId,
        billingPeriodId: period.id,
        propertyId: period.propertyId,
        status,
        finalizedAt: body.finalize ? calculatedAt : null,
      },
      statements,
    );
    const metadata = {
      billingPeriodId: period.id,
      propertyId: period.propertyId,
      propertyName: period.propertyName,
      totalCosts: computed.run.totalCosts,
    };
    if (!latest)
      await logActivity(trx, {
        userId,
        key: "statement.created",
        entityId: statementRunId,
        entityName: period.name,
        metadata,
      });
    else
      await logActivity(trx, {
        userId,
        key: "statement.updated",
        entityId: statementRunId,
        entityName: period.name,
        metadata,
      });
    if (body.finalize) {
      await markPeriodFinal(trx, userId, period.id);
      await logActivity(trx, {
        userId,
        key: "statement.finalized",
        entityId: statementRunId,
        entityName: period.name,
        metadata,
      });
    }
    return {
      id: statementRunId,
      created: !latest,
      version: latest?.version ?? 1,
      previousDocumentsId: latest?.documentsId ?? null,
    };
  });
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"
  );
}

export async function saveStatement(
  db: Db,
  userId: string,
  role: MemberRole,
  body: SaveBody,
  calculator: StatementCalculator,
  logger: Logger,
): Promise<StatementSaveResult> {
  if (body.finalize) assertMayFinalize(role);
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  // docs/rules/statements.md#pdfs-and-sending: the billing data are the letters' sender; without them no finalizing.
  if (body.finalize) await requireCompleteBillingData(db, userId);
  // A finalized run answers 409 before anything is calculated (the data may have changed since).
  if (period.isFinal)
    throw new Conflict(STATEMENT_MESSAGES.alreadyFinal, { code: "STATEMENT_FINAL" });
  const stored = await storeRun(db, userId, body, calculator, logger).catch((error: unknown) => {
    // Two first saves of one period at once: the unique (period, version) lets one insert;
    // the other replaces that draft, as a later save would.
    if (isUniqueViolation(error)) return storeRun(db, userId, body, calculator, logger);
    throw error;
  });
  // The answer needs the statements only, not the stored run read back (tens of megabytes at
  // 5,000 units).
  const statements = await listStatementsOfSnapshot(db, userId, stored.id);
  return {
    id: stored.id,
    billingPeriodId: body.billingPeriodId,
    version: stored.version,
    isFinal: body.finalize,
    statements: statements.map(toTenantStatement),
  };
}

export async function getStatementRun(db: Db, userId: string, id: string): Promise<StatementRun> {
  requireResourceId(id, STATEMENT_MESSAGES.statementNotFound);
  const row = await findSnapshot(db, userId, id);
  if (!row) throw new NotFound(STATEMENT_MESSAGES.statementNotFound);
  const statements = await listStatementsOfSnapshot(db, userId, row.id);
  // Issue 25: the stored run through the contract's versioned schema, never cast (decision 1042).
  const { input: engineInput, result } = readStoredRun(row.engineInput, row.result);
  const stored = row.analysis as StatementAnalysis | null;
  const analysis = stored === null ? null : limitToPlan(stored, await loadFeatureFlags(db, userId));
  return {
    id: row.id,
    billingPeriodId: row.billingPeriodId,
    version: row.version,
    isFinal: row.isFinal,
    statements: statements.map(toTenantStatement),
    propertyId: row.propertyId,
    propertyName: row.propertyName,
    name: row.name,
    periodStart: row.billingPeriodStart,
    periodEnd: row.billingPeriodEnd,
    engineVersion: row.engineVersion,
    calculatedAt: row.calculatedAt.toISOString(),
    finalizedAt: row.finalizedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totalCosts: row.totalCosts,
    engineInput,
    result,
    consumption: row.consumption as StatementConsumption,
    rateCosts: row.rateCosts as RateCost[],
    warnings: result.warnings,
    analysis,
  };
}
