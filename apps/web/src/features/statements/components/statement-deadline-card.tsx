import {
  compareDecimalText,
  DISPATCH_MESSAGES,
  formatEuroDe,
  getTodayInGermany,
} from "@nk/contract";
import { getStatementDeadline, type StatementResult } from "@nk/engine";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { TextareaField } from "../../../components/ui/field";
import type { PreviewNames } from "../lib/names";
import { DeadlineNotice } from "./deadline-notice";

/** The reason's field, focused when finalizing finds it too short. */
export const LATE_EXCUSE_FIELD_ID = "late-excuse";

/**
 * Before finalizing (issue 24, item 1): the § 556 (3) BGB deadline of the statement and, once it
 * has passed, which back-payments can no longer be claimed and the field for the landlord's
 * reason why the delay is not his fault (kept on the run and printed in the letters).
 */
export function StatementDeadlineCard({
  result,
  names,
  excuse,
  excuseError,
  onExcuseChange,
}: {
  result: StatementResult;
  names: PreviewNames;
  excuse: string;
  excuseError: string | null;
  onExcuseChange: (value: string) => void;
}) {
  const deadline = getStatementDeadline(result.period.end);
  const isPast = getTodayInGermany() > deadline;
  const backPayments = result.tenancies.filter(
    (tenancy) => compareDecimalText(tenancy.balance, "0") > 0,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{DISPATCH_MESSAGES.deadlineTitle}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <DeadlineNotice deadline={deadline} isPast={isPast}>
          {backPayments.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {backPayments.map((tenancy) => (
                <li key={tenancy.tenancyId}>
                  {names.tenant(tenancy.tenancyId)} ({names.unit(tenancy.unitId)}): Nachzahlung{" "}
                  {formatEuroDe(tenancy.balance)}
                </li>
              ))}
            </ul>
          ) : null}
        </DeadlineNotice>
        {isPast ? (
          <TextareaField
            id={LATE_EXCUSE_FIELD_ID}
            label={DISPATCH_MESSAGES.excuseLabel}
            hint={DISPATCH_MESSAGES.excuseHint}
            rows={3}
            value={excuse}
            error={excuseError ?? undefined}
            onChange={(event) => onExcuseChange(event.target.value)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
