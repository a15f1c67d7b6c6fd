import { Badge } from "../../../components/ui/badge";

/** Part 1, section 4: the list shows 'Aktiv' or 'Ausgezogen'. */
export function TenantStatusBadge({ isActive }: { isActive: boolean }) {
  return <Badge variant={isActive ? "success" : "neutral"}>{isActive ? "Aktiv" : "Ausgezogen"}</Badge>;
}
