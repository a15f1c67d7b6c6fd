import { LoaderCircle } from "lucide-react";
import { cn } from "../../lib/cn";

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle className={cn("size-5 animate-spin", className)} aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** A centred spinner with a visible text, e.g. 'Lade...' or 'Lade Übersicht...'. */
export function LoadingState({
  text = "Lade...",
  className,
}: {
  text?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        "flex flex-col items-center justify-center gap-3 py-16 text-slate-500",
        className,
      )}
    >
      <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}

/** Fills the viewport: the guard and the auth callback show it. */
export function FullPageLoader({ text = "Lade..." }: { text?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <LoadingState text={text} />
    </div>
  );
}
