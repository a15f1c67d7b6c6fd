import { Badge } from "../../../components/ui/badge";
import { formatDate } from "../../../lib/format";

/**
 * docs/rules/master-data.md#states: the list shows 'Aktiv' or 'Ausgezogen'. A move-out date still to come keeps
 * the tenant active until then, and the badge says until when (issue 23).
 */
export function TenantStatusBadge({
  isActive,
  moveOutDate,
}: {
  isActive: boolean;
  moveOutDate: string | null;
}) {
  if (!isActive) return <Badge variant="neutral">Ausgezogen</Badge>;
  return (
    <Badge variant="success">
      {moveOutDate ? `Aktiv bis ${formatDate(moveOutDate)}` : "Aktiv"}
    </Badge>
  );
}
