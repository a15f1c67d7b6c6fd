import {
  costItemSchema,
  getEnergySourceWarning,
  getTenancyLaw,
  STATEMENT_ERROR_CODES,
  STATEMENT_MESSAGES,
  type Co2FormValues,
  type AnnualInformationValues,
  type HeatingCosts,
  type ConsumptionOverride,
  type CostItem,
  type MissingReading,
  type RateCost,
  type StatementAnalysis,
  type StatementConsumption,
  type statementPreviewBodySchema,
} from "@nk/contract";
import {
  addDays,
  calculateRateCost,
  calculateStatement,
  countPeriodMonths,
  type StatementInput,
  type StatementResult,
} from "@nk/engine";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { NotFound, ValidationFailed } from "../../domain/domain-errors.ts";
import { observeCalculation } from "../../metrics/observe-durations.ts";
import { getRate } from "../metering/rates/rate-service.ts";
import type { AssemblyCosts, AssemblyData, ResolvedCostItem } from "./assembly/assembly-data.ts";
import { loadAssemblyData, type OwnedBillingPeriod } from "./assembly/assembly-queries.ts";
import { assembleStatement, buildMissingReadingsMessage } from "./assembly/statement-assembly.ts";
import {
  assertOwnReferences,
  loadStoredCosts,
  requireOwnedBillingPeriod,
} from "./costs-service.ts";
import { buildStatementAnalysis, efficiencyClassWarnings } from "./statement-analysis-service.ts";
import { findTenantAndUnitNames } from "./statement-run-queries.ts";
import { assertChargeableCostItems } from "./cost-type-check.ts";
import { findPropertyType } from "./costs-queries.ts";
import type { StatementCalculator } from "./statement-calculation-pool.ts";
import type { CalculatedRun } from "./statement-calculation-protocol.ts";

// From a billing period and its cost items to the engine's result (issue 11): the costs given in
// the body or those saved for the period, rate-based amounts from the tariff (the engine's rate
// cost), the input assembled from the stored data (docs/rules/statement-inputs.md#assembly), then the engine.

type CalculationBody = z.output<typeof statementPreviewBodySchema>;

interface CalculationInputs {
  costItems: CostItem[];
  co2: Co2FormValues | null;
  consumptionOverrides: ConsumptionOverride[];
  /** docs/rules/heating.md#consumption-analysis: null = not entered (1.0, not weather-corrected). */
  climateFactor: string | null;
  /** Issue 24, item 6: the heating cost sheet; null = none. */
  heatingCosts: HeatingCosts | null;
  /** Issue 24, item 12: the § 6a (3) HeizkV inputs; null = none. */
  annualInformation: AnnualInformationValues | null;
}

export interface ComputedStatement {
  period: OwnedBillingPeriod;
  inputs: CalculationInputs;
  engineInput: StatementInput;
  result: StatementResult;
  warnings: string[];
  consumption: StatementConsumption;
  rateCosts: RateCost[];
  /** The whole analysis; what the plan shows is chosen when answering. */
  analysis: StatementAnalysis;
}

/** The body's inputs, or those saved for the period (each item checked like the body's). */
async function resolveCalculationInputs(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  body: CalculationBody,
): Promise<CalculationInputs> {
  const stored = await loadStoredCosts(db, userId, period.id);
  const climateFactor = body.climateFactor ?? stored.climateFactor;
  if (body.costItems) {
    return {
      costItems: body.costItems,
      co2: body.co2 ?? null,
      consumptionOverrides: body.consumptionOverrides ?? [],
      climateFactor,
      heatingCosts:
        body.heatingCosts !== undefined ? (body.heatingCosts ?? null) : stored.heatingCosts,
      annualInformation:
        body.annualInformation !== undefined
          ? (body.annualInformation ?? null)
          : stored.annualInformation,
    };
  }
  if (stored.costItems.length === 0)
    throw new ValidationFailed({ costItems: STATEMENT_MESSAGES.noCostItems });
  const fields: Record<string, string> = {};
  const costItems = stored.costItems.map((draft, index) => {
    const parsed = costItemSchema.safeParse(draft);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      fields[`costItems.${index}.${issue.path.join(".")}`] ??= issue.message;
    return null;
  });
  if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
  return {
    costItems: costItems.filter((item): item is CostItem => item !== null),
    co2: body.co2 !== undefined ? (body.co2 ?? null) : stored.co2,
    consumptionOverrides: body.consumptionOverrides ?? stored.consumptionOverrides,
    climateFactor,
    heatingCosts:
      body.heatingCosts !== undefined ? (body.heatingCosts ?? null) : stored.heatingCosts,
    annualInformation:
      body.annualInformation !== undefined
        ? (body.annualInformation ?? null)
        : stored.annualInformation,
  };
}

/** Rate-based items get their amount from the tariff and the entered consumption (docs/rules/statements.md#statement-constants). */
async function resolveAmounts(
  db: Db,
  userId: string,
  period: OwnedBillingPeriod,
  items: CostItem[],
): Promise<{ items: ResolvedCostItem[]; rateCosts: RateCost[] }> {
  const rateCosts: RateCost[] = [];
  const resolved: ResolvedCostItem[] = [];
  const fields: Record<string, string> = {};
  for (const [index, item] of items.entries()) {
    if (item.mode !== "rate") {
      resolved.push({ ...item, amount: item.amount! });
      continue;
    }
    const rate = await getRate(db, userId, item.rateId!).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
    if (!rate) {
      fields[`costItems.${index}.rateId`] = STATEMENT_MESSAGES.rateNotFound;
      continue;
    }
    const consumption = item.consumptionAmount!;
    const outcome = calculateRateCost({
      // Decision 1043: quantities go to the engine as their decimal text.
      consumption,
      rate: {
        unitPrice: rate.unitPrice,
        basePrice: rate.basePrice,
        tariffType: rate.tariffType,
        tiers: rate.tiers.map((tier) => ({
          tierName: tier.tierName,
          tierType: tier.tierType,
          from: tier.from,
          to: tier.to,
          unitPrice: tier.unitPrice,
        })),
      },
      months: countPeriodMonths(period.start, period.end),
    });
    if (!outcome.ok) {
      fields[`costItems.${index}.rateId`] =
        outcome.errors[0] ?? STATEMENT_MESSAGES.calculationFailed;
      continue;
    }
    const { result } = outcome;
    rateCosts.push({
      itemIndex: index,
      rateId: rate.id,
      rateName: rate.rateName,
      consumption,
      totalCosts: result.totalCosts,
      consumptionCosts: result.consumptionCosts,
      baseCosts: result.baseCosts,
      calculationMethod: result.calculationMethod,
      effectiveUnitPrice: result.effectiveUnitPrice,
      warnings: result.warnings,
    });
    resolved.push({ ...item, amount: result.totalCosts });
  }
  // The error screen shows the tariff help for these (issue 23).
  if (Object.keys(fields).length > 0)
    throw new ValidationFailed(fields, undefined, STATEMENT_ERROR_CODES.rateInvalid);
  return { items: resolved, rateCosts };
}

/** The assembly alone: what the consumption panel shows before any calculation. */
export async function deriveConsumption(
  db: Db,
  userId: string,
  billingPeriodId: string,
): Promise<StatementConsumption> {
  const period = await requireOwnedBillingPeriod(db, userId, billingPeriodId);
  const stored = await loadStoredCosts(db, userId, period.id);
  const items = stored.costItems.flatMap((item) =>
    item.key ? [{ ...item, key: item.key, amount: item.amount ?? "0" }] : [],
  );
  const data = await loadAssemblyData(db, userId, period, addDays(period.start, -1));
  return assembleStatement(data, {
    costItems: items,
    co2: null,
    consumptionOverrides: stored.consumptionOverrides,
  }).consumption;
}

/** What a calculation is made from: the period, its inputs, and the data read for the assembly. */
interface CalculationSources {
  period: OwnedBillingPeriod;
  inputs: CalculationInputs;
  rateCosts: RateCost[];
  data: AssemblyData;
  costs: AssemblyCosts;
}

/** The reads and checks before the assembly, the same for the preview and the save. */
async function readCalculationSources(
  db: Db,
  userId: string,
  body: CalculationBody,
): Promise<CalculationSources> {
  const period = await requireOwnedBillingPeriod(db, userId, body.billingPeriodId);
  const inputs = await resolveCalculationInputs(db, userId, period, body);
  await assertOwnReferences(db, userId, period, inputs);
  // Issue 24: nothing the law forbids to charge reaches the calculation (decision 1062).
  assertChargeableCostItems(
    inputs.costItems,
    getTenancyLaw(await findPropertyType(db, userId, period.propertyId)),
    period,
  );
  const { items, rateCosts } = await resolveAmounts(db, userId, period, inputs.costItems);
  const data = await loadAssemblyData(db, userId, period, addDays(period.start, -1));
  const costs: AssemblyCosts = {
    costItems: items,
    co2: inputs.co2,
    consumptionOverrides: inputs.consumptionOverrides,
    heatingCosts: inputs.heatingCosts,
    annualInformation: inputs.annualInformation,
    climateFactor: inputs.climateFactor,
  };
  return { period, inputs, rateCosts, data, costs };
}

function missingReadings(blockingMissing: MissingReading[]): ValidationFailed {
  return new ValidationFailed(
    {},
    buildMissingReadingsMessage(blockingMissing),
    STATEMENT_ERROR_CODES.missingReadings,
    blockingMissing.map((m) => m.message),
  );
}

function calculationFailed(engineErrors: string[]): ValidationFailed {
  const errors = engineErrors.length > 0 ? engineErrors : [STATEMENT_MESSAGES.calculationFailed];
  return new ValidationFailed({}, errors[0], STATEMENT_ERROR_CODES.calculationFailed, errors);
}

export async function computeStatement(
  db: Db,
  userId: string,
  body: CalculationBody,
): Promise<ComputedStatement> {
  const { period, inputs, rateCosts, data, costs } = await readCalculationSources(db, userId, body);
  const assembled = assembleStatement(data, costs);
  if (assembled.blockingMissing.length > 0) throw missingReadings(assembled.blockingMissing);
  const started = performance.now();
  // Contract v1.2: the result keeps the figures its letters print (decision 1040).
  const outcome = calculateStatement(assembled.engineInput, { includeLetterFigures: true });
  observeCalculation(performance.now() - started);
  if (!outcome.ok) throw calculationFailed(outcome.errors);
  // docs/rules/statements.md#statement-checks: an unusual energy source only warns.
  const sourceWarnings = inputs.costItems.flatMap(
    (item) => getEnergySourceWarning(item.costType, item.energySource) ?? [],
  );
  const unitNames = (
    await findTenantAndUnitNames(
      db,
      userId,
      [],
      assembled.engineInput.units.map((unit) => unit.id),
    )
  ).units;
  const analysis = buildStatementAnalysis({
    engineInput: assembled.engineInput,
    unitConsumption: outcome.result.unitConsumption ?? null,
    invoiceKwh: inputs.co2?.consumptionKwh ?? null,
    climateFactor: inputs.climateFactor,
    unitNames,
  });
  const warnings = [
    ...sourceWarnings,
    ...rateCosts.flatMap((cost) => cost.warnings),
    ...outcome.result.warnings,
    ...efficiencyClassWarnings(analysis),
  ];
  return {
    period,
    inputs,
    engineInput: assembled.engineInput,
    result: outcome.result,
    warnings,
    consumption: assembled.consumption,
    rateCosts,
    analysis,
  };
}

/** A calculation as a save stores it: the large JSON made by the calculator (decision 1780). */
export interface ComputedRun {
  period: OwnedBillingPeriod;
  inputs: CalculationInputs;
  rateCosts: RateCost[];
  run: CalculatedRun;
}

/**
 * The save's calculation: the same reads and checks as computeStatement's; the assembly, the
 * engine, the analysis and the run's JSON on the calculator (the calculation thread, decision
 * 1780, statement-calculation-task.ts), so the event loop answers other requests meanwhile.
 */
export async function computeRunForSave(
  db: Db,
  userId: string,
  body: CalculationBody,
  calculator: StatementCalculator,
): Promise<ComputedRun> {
  const { period, inputs, rateCosts, data, costs } = await readCalculationSources(db, userId, body);
  const reply = await calculator.calculateForSave({
    data,
    costs,
    invoiceKwh: inputs.co2?.consumptionKwh ?? null,
    climateFactor: inputs.climateFactor,
  });
  if (reply.outcome === "missingReadings") throw missingReadings(reply.blockingMissing);
  observeCalculation(reply.calculationMs);
  if (reply.outcome === "refused") throw calculationFailed(reply.errors);
  return { period, inputs, rateCosts, run: reply };
}
