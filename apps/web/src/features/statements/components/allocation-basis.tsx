import type { Allocation, OccupancyStretch, StatementBasis } from "@nk/engine";
import { DISTRIBUTION_KEY_LABELS } from "@nk/engine";
import { describeAllocationBasis } from "../lib/allocation-basis-text";

/** The allocation's key and its step-by-step basis (the engine's explanation). */
export function AllocationBasis({
  allocation,
  line,
  basis,
}: {
  allocation: Allocation;
  line: { position?: number; occupancy?: OccupancyStretch[] };
  basis: StatementBasis | null | undefined;
}) {
  return (
    <div className="space-y-0.5">
      <p className="text-xs font-medium text-slate-600">
        Schlüssel: {DISTRIBUTION_KEY_LABELS[allocation.key]}
      </p>
      <ul className="space-y-0.5 text-xs text-slate-500">
        {describeAllocationBasis(basis, line, allocation).map((part) => (
          <li key={part.key}>{part.text}</li>
        ))}
      </ul>
    </div>
  );
}
