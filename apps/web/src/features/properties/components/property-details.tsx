import type { ReactNode } from "react";
import type { PropertyWithUnits, Unit } from "@nk/contract";
import { DoorOpen, FilePlus, Pencil, Plus, Table2, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { formatArea, formatDate } from "../../../lib/format";
import { EfficiencyClassSummary } from "./efficiency-class-summary";
import { formatUnitCount } from "./property-list";
import { UnitsTable } from "./units-table";

function Detail({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The selected property: its data, its actions and its units. */
export function PropertyDetails({
  property,
  canAddUnit,
  onAddUnit,
  onEditUnit,
  onDeleteUnit,
  onDelete,
}: {
  property: PropertyWithUnits;
  /** False while the account is not loaded: creation is denied then (docs/rules/accounts-and-plans.md#plan-limits). */
  canAddUnit: boolean;
  onAddUnit: () => void;
  onEditUnit: (unit: Unit) => void;
  onDeleteUnit: (unit: Unit) => void;
  onDelete: () => void;
}) {
  return (
    <div className="min-w-0 space-y-6">
      <Card>
        <CardHeader className="space-y-3">
          <div className="min-w-0">
            <CardTitle className="text-lg">{property.name}</CardTitle>
            <p className="text-sm text-slate-600">{property.address}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/dashboard/properties/${property.id}/edit`}
              className={buttonStyles({ variant: "outline", size: "sm" })}
            >
              <Pencil className="size-4" aria-hidden="true" />
              Bearbeiten
            </Link>
            <Link
              to={`/dashboard/properties/${property.id}/house`}
              className={buttonStyles({ variant: "outline", size: "sm" })}
            >
              <Table2 className="size-4" aria-hidden="true" />
              Haus in einer Tabelle
            </Link>
            <Link
              to={`/dashboard/statements/new?property=${property.id}`}
              className={buttonStyles({ variant: "outline", size: "sm" })}
            >
              <FilePlus className="size-4" aria-hidden="true" />
              Neue Abrechnung
            </Link>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              onClick={onDelete}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Löschen
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Immobilientyp">{property.propertyType}</Detail>
            <Detail label="Erstellt am">{formatDate(property.createdAt)}</Detail>
            <Detail label="Wohneinheiten">
              {formatUnitCount(property.unitCount)} · {formatArea(property.totalArea)}
            </Detail>
            <Detail label="Effizienzklasse (CO₂-Aufteilung)" className="sm:col-span-3">
              <EfficiencyClassSummary efficiencyClass={property.efficiencyClass} />
            </Detail>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>Wohneinheiten</CardTitle>
          <Button size="sm" onClick={onAddUnit} disabled={!canAddUnit}>
            <Plus className="size-4" aria-hidden="true" />
            Wohneinheit hinzufügen
          </Button>
        </CardHeader>
        {property.units.length === 0 ? (
          <CardContent>
            <EmptyState
              icon={DoorOpen}
              className="border-none py-8"
              title="Noch keine Wohneinheiten"
              description="Legen Sie die Wohnungen dieser Immobilie mit Fläche und Personenzahl an."
            />
          </CardContent>
        ) : (
          <UnitsTable units={property.units} onEdit={onEditUnit} onDelete={onDeleteUnit} />
        )}
      </Card>
    </div>
  );
}
