import { Check } from "lucide-react";
import { cn } from "../../../../lib/cn";

const WIZARD_STEPS = ["Immobilie", "Wohneinheiten", "Zusammenfassung"] as const;

/** The three steps with the current one marked; steps are not clickable (no skipping). */
export function WizardSteps({ current }: { current: number }) {
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Schritte">
      {WIZARD_STEPS.map((label, index) => {
        const step = index + 1;
        const isDone = step < current;
        const isCurrent = step === current;
        return (
          <li
            key={label}
            aria-current={isCurrent ? "step" : undefined}
            className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-3 sm:text-left"
          >
            <span
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                isDone && "bg-brand-700 text-white",
                isCurrent && "bg-brand-700 text-white ring-4 ring-brand-100",
                !isDone && !isCurrent && "bg-slate-200 text-slate-600",
              )}
            >
              {isDone ? <Check className="size-4" aria-hidden="true" /> : step}
            </span>
            <span
              className={cn(
                "text-xs font-medium sm:text-sm",
                isCurrent ? "text-slate-900" : "text-slate-500",
              )}
            >
              <span className="sr-only">Schritt {step}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
