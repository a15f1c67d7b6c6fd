import type { EfficiencyClass } from "@nk/contract";
import { CO2_STAGES, type Co2Stage } from "../../../lib/co2-stages";

/** DECISIONS.md section 4: without a stored class the split falls back to E. */
const DEFAULT_CLASS: EfficiencyClass = "E";

export function getCo2Stage(efficiencyClass: EfficiencyClass): Co2Stage {
  const stage = CO2_STAGES.find((s) => s.label === efficiencyClass);
  if (!stage) throw new Error(`unknown efficiency class ${efficiencyClass}`);
  return stage;
}

/** 'C (Stufe 3) – Mieter 80 % / Vermieter 20 %'. */
export function describeEfficiencyClass(efficiencyClass: EfficiencyClass): string {
  const stage = getCo2Stage(efficiencyClass);
  return `${stage.label} (Stufe ${stage.stage}) – Mieter ${stage.tenantPercent} % / Vermieter ${stage.landlordPercent} %`;
}

/** The read-only class with the statutory tenant share of the CO₂ costs (CO2KostAufG). */
export function EfficiencyClassSummary({ efficiencyClass }: { efficiencyClass: EfficiencyClass | null }) {
  if (!efficiencyClass) {
    const fallback = getCo2Stage(DEFAULT_CLASS);
    return (
      <span>
        Nicht angegeben{" "}
        <span className="text-slate-500">
          (Standard: {fallback.label}, Mieteranteil {fallback.tenantPercent} %)
        </span>
      </span>
    );
  }
  const stage = getCo2Stage(efficiencyClass);
  return (
    <span>
      {stage.label} (Stufe {stage.stage}) · Mieteranteil <strong>{stage.tenantPercent} %</strong>, Vermieteranteil {stage.landlordPercent} %
    </span>
  );
}
