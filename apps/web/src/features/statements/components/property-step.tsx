import { Link } from "react-router";
import { Building2, ChevronRight } from "lucide-react";
import { formatCountDe, type PropertyWithUnits } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useProperties } from "../../../lib/use-properties";

/** Step 0 'Immobilie wählen': the user's properties; choosing one moves to step 1. */
export function PropertyStep({ onChoose }: { onChoose: (property: PropertyWithUnits) => void }) {
  const properties = useProperties();

  if (properties.isPending) return <LoadingState text="Lade Immobilien..." />;
  if (properties.isError) {
    return (
      <Alert
        variant="error"
        title="Fehler beim Laden"
        action={
          <Button
            size="sm"
            variant="outline"
            onClick={() => void properties.refetch()}
            isBusy={properties.isFetching}
          >
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(properties.error)}
      </Alert>
    );
  }
  const list = [...properties.data].sort((a, b) => a.name.localeCompare(b.name, "de"));
  if (list.length === 0) {
    return (
      <EmptyState
        icon={Building2}
        title="Keine Immobilien gefunden"
        description="Legen Sie zuerst eine Immobilie mit ihren Wohneinheiten an."
        action={
          <Link to="/dashboard/onboarding" className={buttonStyles()}>
            Immobilie anlegen
          </Link>
        }
      />
    );
  }
  return (
    <section aria-labelledby="property-step-title" className="space-y-3">
      <h2 id="property-step-title" className="text-lg font-semibold text-slate-900">
        Für welche Immobilie möchten Sie abrechnen?
      </h2>
      {/* One column of the page's width on a phone: an auto column would grow to the address
          (issue 23: 416-447 px at 375 px). */}
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {list.map((property) => (
          <li key={property.id}>
            <button
              type="button"
              onClick={() => onChoose(property)}
              className="flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <Building2 className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{property.name}</span>
                <span className="block truncate text-sm text-slate-600">{property.address}</span>
                <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
                  <span>{property.propertyType}</span>
                  <span>{formatCountDe(property.unitCount, "Wohneinheit", "Wohneinheiten")}</span>
                </span>
              </span>
              <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
