import type { MissingReading } from "@nk/contract";
import type { AssemblyCosts, AssemblyData } from "./assembly/assembly-data.ts";

// What the main thread and the statement calculation thread (statement-calculation-worker.ts,
// decision 1780) send each other: plain data that the structured clone copies as it is.

/** A save's calculation: the period's stored data as read, and the resolved costs. */
export interface CalculationRequest {
  data: AssemblyData;
  costs: AssemblyCosts;
  /** The consumption analysis' inputs (docs/rules/heating.md#consumption-analysis). */
  invoiceKwh: string | null;
  climateFactor: string | null;
}

/** What the save keeps of one tenancy's statement (its lines stay in the stored result). */
export interface TenancySummary {
  tenancyId: string;
  unitId: string;
  from: string;
  to: string;
  total: string;
  prepayments: string;
  balance: string;
}

/**
 * A calculated run as the save stores it: its large columns already as packed JSON (decision
 * 1860; the result in the compact form of contract v1.6, decision 1730), and the few figures the
 * save reads itself.
 */
export interface CalculatedRun {
  outcome: "calculated";
  engineInputPacked: string;
  resultPacked: string;
  consumptionPacked: string;
  analysisPacked: string;
  totalCosts: string;
  tenancies: TenancySummary[];
  /** The engine's time alone (nk_calculation_duration_seconds). */
  calculationMs: number;
}

/** Readings the calculation cannot do without are missing: answered as MISSING_READINGS. */
interface ReadingsMissing {
  outcome: "missingReadings";
  blockingMissing: MissingReading[];
}

/** The engine refused the input: its messages, answered as CALCULATION_FAILED. */
interface CalculationRefused {
  outcome: "refused";
  errors: string[];
  calculationMs: number;
}

export type CalculationReply = CalculatedRun | ReadingsMissing | CalculationRefused;
