import type { MeterType } from "@nk/contract";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANT_BY_TYPE: Record<MeterType, BadgeVariant> = {
  Heizkostenverteiler: "danger",
  Warmwasserzähler: "warning",
  Kaltwasser: "info",
  Strom: "brand",
  Gas: "neutral",
  Wärmemengenzähler: "success",
};

export function MeterTypeBadge({ meterType }: { meterType: MeterType }) {
  return <Badge variant={VARIANT_BY_TYPE[meterType]}>{meterType}</Badge>;
}
