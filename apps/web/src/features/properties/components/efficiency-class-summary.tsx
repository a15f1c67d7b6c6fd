import type { EfficiencyClass } from "@nk/contract";
// The statutory table the calculation uses (CO2KostAufG, docs/rules/co2.md#co2-split), never a copy.
import { DEFAULT_CO2_STAGE_CLASS, getCo2StageByClass } from "@nk/engine";

/** 'C (Stufe 3) – Mieter 80 % / Vermieter 20 %'. */
export function describeEfficiencyClass(efficiencyClass: EfficiencyClass): string {
  const stage = getCo2StageByClass(efficiencyClass);
  return `${stage.class} (Stufe ${stage.stage}) – Mieter ${stage.tenantPercent} % / Vermieter ${stage.landlordPercent} %`;
}

/** The read-only class with the statutory tenant share of the CO₂ costs (CO2KostAufG). */
export function EfficiencyClassSummary({
  efficiencyClass,
}: {
  efficiencyClass: EfficiencyClass | null;
}) {
  if (!efficiencyClass) {
    const fallback = getCo2StageByClass(DEFAULT_CO2_STAGE_CLASS);
    return (
      <span>
        Nicht angegeben{" "}
        <span className="text-slate-500">
          (Standard: {fallback.class}, Mieteranteil {fallback.tenantPercent} %)
        </span>
      </span>
    );
  }
  const stage = getCo2StageByClass(efficiencyClass);
  return (
    <span>
      {stage.class} (Stufe {stage.stage}) · Mieteranteil <strong>{stage.tenantPercent} %</strong>,
      Vermieteranteil {stage.landlordPercent} %
    </span>
  );
}
