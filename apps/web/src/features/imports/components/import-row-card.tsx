import type { ReactNode } from "react";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

/** The colour of a row's message: red for an error, amber for a lower reading, grey otherwise. */
function getRowMessageClass(status: string): string {
  if (status === "error") return "mt-1 text-red-700";
  if (status === "decrease") return "mt-1 text-amber-800";
  return "mt-1 text-slate-600";
}

/**
 * One line of a dry run (the readings' rows, the metering company's records): what it is, its
 * figure and status badge, notes and the row's message below.
 */
export function ImportRowCard({
  title,
  value,
  badge,
  status,
  message,
  testId,
  children,
}: {
  title: ReactNode;
  value: ReactNode;
  badge: { label: string; variant: BadgeVariant };
  status: string;
  message: string | null | undefined;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        {title}
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className="tabular-nums text-slate-900">{value}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
      </div>
      {children}
      {message ? <p className={getRowMessageClass(status)}>{message}</p> : null}
    </li>
  );
}
