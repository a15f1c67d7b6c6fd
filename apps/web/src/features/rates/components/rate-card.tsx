import { Pencil, Plus, Trash2 } from "lucide-react";
import {
  formatEuroDe,
  getRegionalAverage,
  RATE_TARIFF_TYPE_LABELS,
  UTILITY_TYPE_LABELS,
  UTILITY_TYPE_UNITS,
  type Rate,
  type UtilityType,
} from "@nk/contract";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";

/** One utility type (docs/rules/master-data.md#utility-tariffs): its active rates, or the regional average. */
export function RateCard({
  utilityType,
  rates,
  region,
  onAdd,
  onEdit,
  onDelete,
}: {
  utilityType: UtilityType;
  rates: Rate[];
  region: string;
  onAdd: () => void;
  onEdit: (rate: Rate) => void;
  onDelete: (rate: Rate) => void;
}) {
  const label = UTILITY_TYPE_LABELS[utilityType];
  const unit = UTILITY_TYPE_UNITS[utilityType];
  const average = getRegionalAverage(utilityType, region);
  return (
    <Card className="flex flex-col" data-testid={`rate-card-${utilityType}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <div>
          <CardTitle>{label}</CardTitle>
          <p className="text-xs text-slate-500">Preise je {unit}</p>
        </div>
        <Button
          size="sm"
          variant="outline"
          onClick={onAdd}
          aria-label={`${label}-Tarif hinzufügen`}
        >
          <Plus className="size-4" aria-hidden="true" />
          Hinzufügen
        </Button>
      </CardHeader>
      <CardContent className="flex-1">
        {rates.length === 0 ? (
          <div className="space-y-1 text-sm">
            <p className="text-slate-500">Noch kein Tarif hinterlegt.</p>
            <p className="text-slate-700">
              Regionaler Durchschnitt ({average.region}):{" "}
              <span className="font-medium">
                {formatEuroDe(average.unitPrice)}/{unit}
              </span>
              {average.basePrice ? (
                <> · Grundpreis {formatEuroDe(average.basePrice)}/Monat</>
              ) : null}
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rates.map((rate) => (
              <li
                key={rate.id}
                className="space-y-2 py-3 first:pt-0 last:pb-0"
                data-testid="rate-item"
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{rate.rateName}</p>
                    <p className="text-xs text-slate-500">
                      {rate.providerName ?? "Kein Anbieter angegeben"}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => onEdit(rate)}
                      aria-label={`Tarif ${rate.rateName} bearbeiten`}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-red-700 hover:bg-red-50"
                      onClick={() => onDelete(rate)}
                      aria-label={`Tarif ${rate.rateName} löschen`}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">Preis</dt>
                  <dd className="text-right tabular-nums text-slate-900">
                    {formatEuroDe(rate.unitPrice)}/{unit}
                  </dd>
                  <dt className="text-slate-500">Grundpreis</dt>
                  <dd className="text-right tabular-nums text-slate-900">
                    {rate.basePrice ? `${formatEuroDe(rate.basePrice)}/Monat` : "–"}
                  </dd>
                  <dt className="text-slate-500">Gültig ab</dt>
                  <dd className="text-right text-slate-900">
                    {formatDate(rate.validFrom)}
                    {rate.validUntil ? ` bis ${formatDate(rate.validUntil)}` : ""}
                  </dd>
                </dl>
                <div className="flex flex-wrap gap-1.5">
                  <Badge variant="brand">{RATE_TARIFF_TYPE_LABELS[rate.tariffType]}</Badge>
                  <Badge>{rate.isGlobal ? "Global" : (rate.propertyName ?? "Immobilie")}</Badge>
                  <Badge>Priorität {rate.priority}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
