import type { MeterKind } from "@nk/engine";

/** German names of the engine's consumption series (DECISIONS 8: which meters feed them). */
export const METER_KIND_LABELS: Readonly<Record<MeterKind, string>> = {
  heating: "Heizung (Heizkostenverteiler/Wärmemenge)",
  warmwater: "Warmwasser",
  coldwater: "Kaltwasser",
  electricity: "Strom",
  gas: "Gas",
};
