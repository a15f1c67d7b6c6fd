import { DEADLINE_STATUS_LABELS, type DeadlinePeriod } from "@nk/contract";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANTS: Record<DeadlinePeriod["status"], BadgeVariant> = {
  complete: "success",
  open: "neutral",
  at_risk: "warning",
  passed: "danger",
};

export function DeadlineStatusBadge({ status }: { status: DeadlinePeriod["status"] }) {
  return <Badge variant={VARIANTS[status]}>{DEADLINE_STATUS_LABELS[status]}</Badge>;
}
