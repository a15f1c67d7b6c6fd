import { Check } from "lucide-react";
import { STATEMENT_WIZARD_STEPS } from "@nk/contract";
import { cn } from "../../../lib/cn";

/** The four steps with the current one marked (0-based as in the specification). */
export function WizardProgress({ current }: { current: number }) {
  const lastStep = STATEMENT_WIZARD_STEPS.length - 1;
  return (
    <div className="space-y-3">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Fortschritt der Abrechnung"
        aria-valuemin={0}
        aria-valuemax={lastStep}
        aria-valuenow={current}
        aria-valuetext={`Schritt ${current + 1} von ${lastStep + 1}`}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${(current * 100) / lastStep}%` }}
        />
      </div>
      <ol className="grid grid-cols-4 gap-2" aria-label="Schritte">
        {STATEMENT_WIZARD_STEPS.map((label, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={label}
              aria-current={isCurrent ? "step" : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left"
            >
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                  isDone && "bg-brand-700 text-white",
                  isCurrent && "bg-brand-700 text-white ring-4 ring-brand-100",
                  !isDone && !isCurrent && "bg-slate-200 text-slate-600",
                )}
              >
                {isDone ? <Check className="size-4" aria-hidden="true" /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-[11px] font-medium leading-tight sm:text-sm",
                  isCurrent ? "text-slate-900" : "text-slate-500",
                )}
              >
                <span className="sr-only">Schritt {index + 1}: </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
