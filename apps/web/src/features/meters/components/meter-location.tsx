import { COMMON_AREA_LABEL, type Meter } from "@nk/contract";
import { formatArea } from "../../../lib/format";

/** 'EG links (62,50 m²)' or 'Gemeinschaftsbereich', with the free-text location below. */
export function MeterLocation({ meter }: { meter: Meter }) {
  return (
    <div>
      <p className="text-slate-900">
        {meter.unit ? `${meter.unit.name} (${formatArea(meter.unit.area)})` : COMMON_AREA_LABEL}
      </p>
      {meter.location ? <p className="text-xs text-slate-500">{meter.location}</p> : null}
    </div>
  );
}
