import type { Meter } from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { formatDate } from "../../../lib/format";

/**
 * Issue 30, item 1 (docs/rules/heating.md#remote-reading): what § 5 HeizkV asks of the meter,
 * as the server computed it today. Nothing for meters the regulation does not cover.
 */
export function RemoteReadingBadge({ meter }: { meter: Pick<Meter, "remoteReading"> }) {
  const { status, deadline, requiredFrom } = meter.remoteReading;
  if (status === "not_covered") return null;
  if (status === "remote_readable") return <Badge variant="success">fernablesbar</Badge>;
  if (status === "retrofit_due") {
    return (
      <Badge variant="warning" data-testid="remote-reading-badge">
        nicht fernablesbar: nachrüsten bis {formatDate(deadline ?? "")}
      </Badge>
    );
  }
  return (
    <Badge variant="danger" data-testid="remote-reading-badge">
      nicht fernablesbar: Pflicht seit {formatDate(requiredFrom ?? "")} (§ 5 HeizkV)
    </Badge>
  );
}
