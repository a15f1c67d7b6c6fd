import { Link } from "react-router";
import { History, Pencil, Trash2 } from "lucide-react";
import { getMeterLabel, type Meter } from "@nk/contract";
import { Button, buttonStyles } from "../../../components/ui/button";

export interface MeterActions {
  onEdit: (meter: Meter) => void;
  onDelete: (meter: Meter) => void;
}

/** Edit, readings (/dashboard/meters/{id}/readings) and delete. */
export function MeterRowActions({ meter, actions }: { meter: Meter; actions: MeterActions }) {
  const label = getMeterLabel(meter);
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => actions.onEdit(meter)}
        aria-label={`Zähler ${label} bearbeiten`}
      >
        <Pencil className="size-4" aria-hidden="true" />
        <span>Bearbeiten</span>
      </Button>
      <Link
        to={`/dashboard/meters/${meter.id}/readings`}
        className={buttonStyles({ variant: "ghost", size: "sm" })}
        aria-label={`Zählerstände von ${label}`}
      >
        <History className="size-4" aria-hidden="true" />
        <span>Zählerstände</span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        onClick={() => actions.onDelete(meter)}
        aria-label={`Zähler ${label} löschen`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span>Löschen</span>
      </Button>
    </div>
  );
}
