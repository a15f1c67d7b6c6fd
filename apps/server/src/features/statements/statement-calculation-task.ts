import { calculateStatement, compactStatementResult } from "@nk/engine";
import { assembleStatement } from "./assembly/statement-assembly.ts";
import type { CalculationReply, CalculationRequest } from "./statement-calculation-protocol.ts";
import { buildStatementAnalysis } from "./statement-analysis-service.ts";
import { packJson } from "../../db/packed-json.ts";

/**
 * A save's CPU work (decision 1780): the assembly of the engine's input from the data read, the
 * engine's result with the letter figures (contract v1.2, decision 1040), the consumption
 * analysis, and the run's JSON (the result compact, v1.6, decision 1730), packed for storage
 * (decision 1860). Pure; it runs in the
 * calculation thread (statement-calculation-worker.ts), or on the calling thread when the app has
 * no such thread. The same steps as computeStatement's (statement-calculation-service.ts), which
 * the preview answers with.
 */
export function calculateRunForSave(request: CalculationRequest): CalculationReply {
  const assembled = assembleStatement(request.data, request.costs);
  if (assembled.blockingMissing.length > 0)
    return { outcome: "missingReadings", blockingMissing: assembled.blockingMissing };
  const { engineInput } = assembled;
  const started = performance.now();
  const calculated = calculateStatement(engineInput, { includeLetterFigures: true });
  const calculationMs = performance.now() - started;
  if (!calculated.ok) return { outcome: "refused", errors: calculated.errors, calculationMs };
  const { result } = calculated;
  const analysis = buildStatementAnalysis({
    engineInput,
    unitConsumption: result.unitConsumption ?? null,
    invoiceKwh: request.invoiceKwh,
    climateFactor: request.climateFactor,
    // The units' names as read with them (the assembly's units are the engine's units).
    unitNames: new Map(request.data.units.map((unit) => [unit.id, unit.name])),
  });
  return {
    outcome: "calculated",
    engineInputPacked: packJson(JSON.stringify(engineInput)),
    resultPacked: packJson(JSON.stringify(compactStatementResult(result))),
    consumptionPacked: packJson(JSON.stringify(assembled.consumption)),
    analysisPacked: packJson(JSON.stringify(analysis)),
    totalCosts: result.totalCosts,
    tenancies: result.tenancies.map((tenancy) => ({
      tenancyId: tenancy.tenancyId,
      unitId: tenancy.unitId,
      from: tenancy.from,
      to: tenancy.to,
      total: tenancy.total,
      prepayments: tenancy.prepayments,
      balance: tenancy.balance,
    })),
    calculationMs,
  };
}
