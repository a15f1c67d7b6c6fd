import { Link } from "react-router";
import { WandSparkles } from "lucide-react";
import type { PropertyWithUnits } from "@nk/contract";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";
import type { EditFormValues } from "../lib/use-edit-property-form";
import { EfficiencyClassSummary } from "./efficiency-class-summary";

/** 'Weitere Angaben' of the edit property page: the type, the class chosen, the creation day. */
export function PropertyFactsCard({
  property,
  efficiencyClass,
}: {
  property: PropertyWithUnits;
  efficiencyClass: EditFormValues["efficiencyClass"];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Weitere Angaben</CardTitle>
      </CardHeader>
      <CardContent className="py-5">
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Immobilientyp
            </dt>
            <dd className="mt-0.5 text-slate-900">{property.propertyType}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Effizienzklasse
            </dt>
            <dd className="mt-0.5 text-slate-900" data-testid="efficiency-summary">
              <EfficiencyClassSummary efficiencyClass={efficiencyClass || null} />
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              Erstellt am
            </dt>
            <dd className="mt-0.5 text-slate-900">{formatDate(property.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="justify-start">
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <WandSparkles className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Größere Änderungen, etwa eine neue Immobilie mit allen Wohneinheiten, nehmen Sie über
            den{" "}
            <Link to="/onboarding" className="font-medium text-brand-700 hover:underline">
              Einrichtungsassistenten
            </Link>{" "}
            vor.
          </span>
        </p>
      </CardFooter>
    </Card>
  );
}
