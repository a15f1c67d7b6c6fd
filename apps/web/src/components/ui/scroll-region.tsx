import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A wide table's frame that scrolls sideways on a narrow screen instead of the page (issue 23:
 * nothing scrolls the whole page sideways at 375 px). It is a labelled region and takes the
 * keyboard focus, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 * `min-w-0` lets it shrink inside a grid or flex row.
 */
export function ScrollRegion({
  label,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "min-w-0 max-w-full overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40",
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}
