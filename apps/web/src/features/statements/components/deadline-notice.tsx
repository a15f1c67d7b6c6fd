import type { ReactNode } from "react";
import { DISPATCH_MESSAGES } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";

/** The § 556 (3) BGB deadline in words: in time, the day; past it, what that means (issue 24, item 1). */
export function DeadlineNotice({
  deadline,
  isPast,
  children,
}: {
  deadline: string;
  isPast: boolean;
  children?: ReactNode;
}) {
  if (!isPast)
    return <p className="text-sm text-slate-700">{DISPATCH_MESSAGES.deadline(deadline)}</p>;
  return (
    <Alert variant="warning" title="Abrechnungsfrist abgelaufen">
      <p>{DISPATCH_MESSAGES.deadlinePassed(deadline)}</p>
      {children}
    </Alert>
  );
}
