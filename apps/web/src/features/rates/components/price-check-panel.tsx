import { TriangleAlert } from "lucide-react";
import type { RatePriceCheck } from "@nk/contract";

/** The live price check (docs/rules/master-data.md#validation): warnings, and the regional figures as yellow hints. */
export function PriceCheckPanel({ check }: { check: RatePriceCheck | null }) {
  if (!check || (check.warnings.length === 0 && check.suggestions.length === 0)) return null;
  return (
    <div
      className={
        check.isValid
          ? "rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          : "rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      }
      data-testid="price-check"
      aria-live="polite"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {check.isValid ? "Preisprüfung: Hinweise" : "Preisprüfung: Eingabe prüfen"}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {check.warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      {check.isValid ? null : (
        <p className="mt-2">Ist der Preis richtig, bestätigen Sie ihn beim Speichern.</p>
      )}
      {check.suggestions.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {check.suggestions.map((suggestion) => (
            <li key={suggestion} className="rounded bg-yellow-100 px-2 py-1 text-yellow-900">
              {suggestion}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
