import { formatCountDe, type Unit } from "@nk/contract";
import { Pencil, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatArea, formatNumber } from "../../../lib/format";

/** 'n aktiv' for occupied units, 'Leer' for vacant ones (docs/rules/master-data.md#screens 'Properties'). */
function TenantBadge({ count }: { count: number }) {
  return count > 0 ? (
    <Badge variant="success">{count} aktiv</Badge>
  ) : (
    <Badge variant="neutral">Leer</Badge>
  );
}

function HotWaterBadge({ unit }: { unit: Unit }) {
  return unit.hasDecentralizedHotWater ? (
    <Badge variant="info" title="Dezentrale Warmwasserbereitung">
      Dezentrales WW
    </Badge>
  ) : null;
}

function UnitActions({
  unit,
  onEdit,
  onDelete,
}: {
  unit: Unit;
  onEdit: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onEdit(unit)}
        aria-label={`Wohneinheit ${unit.name} bearbeiten`}
        title="Bearbeiten"
      >
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-red-600 hover:bg-red-50"
        onClick={() => onDelete(unit)}
        aria-label={`Wohneinheit ${unit.name} löschen`}
        title="Löschen"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The units of the selected property: a table on wide screens, cards on narrow ones. */
export function UnitsTable({
  units,
  onEdit,
  onDelete,
}: {
  units: Unit[];
  onEdit: (unit: Unit) => void;
  onDelete: (unit: Unit) => void;
}) {
  return (
    <>
      <table className="hidden w-full text-sm sm:table" aria-label="Wohneinheiten">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <th scope="col" className="px-5 py-2.5">
              Name
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Fläche
            </th>
            <th scope="col" className="px-3 py-2.5 text-right">
              Personen
            </th>
            <th scope="col" className="px-3 py-2.5">
              Mieter
            </th>
            <th scope="col" className="px-5 py-2.5 text-right">
              <span className="sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {units.map((unit) => (
            <tr key={unit.id}>
              <td className="px-5 py-3 font-medium text-slate-900">
                <span className="mr-2">{unit.name}</span>
                <HotWaterBadge unit={unit} />
              </td>
              <td className="px-3 py-3 text-right tabular-nums text-slate-700">
                {formatArea(unit.area)}
              </td>
              <td className="px-3 py-3 text-right tabular-nums text-slate-700">
                {formatNumber(unit.persons)}
              </td>
              <td className="px-3 py-3">
                <TenantBadge count={unit.activeTenantCount} />
              </td>
              <td className="px-5 py-2">
                <UnitActions unit={unit} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Wohneinheiten">
        {units.map((unit) => (
          <li key={unit.id} className="flex items-start justify-between gap-3 px-4 py-3">
            <div className="min-w-0 space-y-1">
              <p className="font-medium text-slate-900">{unit.name}</p>
              <p className="text-sm text-slate-600">
                {formatArea(unit.area)} · {formatCountDe(unit.persons, "Person", "Personen")}
              </p>
              <div className="flex flex-wrap gap-1.5">
                <TenantBadge count={unit.activeTenantCount} />
                <HotWaterBadge unit={unit} />
              </div>
            </div>
            <UnitActions unit={unit} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </>
  );
}
