import { Link } from "react-router";
import { cn } from "../lib/cn";

/** The product mark and name; links home unless `to` is null. */
export function BrandLogo({
  to = "/",
  className,
  isInverted = false,
  isCompact = false,
}: {
  to?: string | null;
  className?: string;
  isInverted?: boolean;
  /** Only the mark, without the name (tight headers). */
  isCompact?: boolean;
}) {
  const content = (
    <>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-brand-700" />
        <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-5v-5h-4v5H9a1 1 0 0 1-1-1z" fill="#fff" />
      </svg>
      <span
        className={cn(
          "text-lg font-bold tracking-tight",
          isInverted ? "text-white" : "text-slate-900",
          isCompact && "sr-only",
        )}
      >
        Nebenkosten
      </span>
    </>
  );
  if (to === null)
    return <span className={cn("inline-flex items-center gap-2", className)}>{content}</span>;
  return (
    <Link to={to} className={cn("inline-flex items-center gap-2 rounded-md", className)}>
      {content}
    </Link>
  );
}
