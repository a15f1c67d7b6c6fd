import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { ArrowLeft, Building, FilePlus } from "lucide-react";
import { PROPERTY_MESSAGES, type HouseSetupResponse } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { buttonStyles } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { getErrorMessage } from "../../../lib/api-error";
import { useProperty } from "../api";
import { HouseGridForm } from "../components/house-grid/house-grid-form";

function describeSaved(result: HouseSetupResponse): string {
  const parts = [
    result.unitCount === 1 ? "1 neue Wohneinheit" : `${result.unitCount} neue Wohneinheiten`,
    result.tenantCount === 1 ? "1 Mieter" : `${result.tenantCount} Mieter`,
    result.meterCount === 1 ? "1 Zähler" : `${result.meterCount} Zähler`,
    result.readingCount === 1 ? "1 Zählerstand" : `${result.readingCount} Zählerstände`,
  ];
  return `Angelegt: ${parts.join(", ")}.`;
}

/** Router state of the page: the message of the step before (a property just created, decision 1620). */
export interface HouseGridPageState {
  successMessage?: string;
}

function readSuccessMessage(state: unknown): string | null {
  const message =
    typeof state === "object" && state !== null
      ? (state as HouseGridPageState).successMessage
      : undefined;
  return typeof message === "string" ? message : null;
}

/** /dashboard/properties/:propertyId/house: the house in one table (issue 27, decision 1101). */
export function HouseGridPage() {
  const { propertyId = "" } = useParams();
  const successMessage = readSuccessMessage(useLocation().state);
  const property = useProperty(propertyId);
  const [saved, setSaved] = useState<HouseSetupResponse | null>(null);

  if (property.isPending) return <LoadingState text="Lade Immobilie..." />;
  if (property.isError) {
    return (
      <EmptyState
        icon={Building}
        title={PROPERTY_MESSAGES.notFound}
        description={getErrorMessage(property.error, "Die Immobilie gibt es nicht (mehr).")}
        action={
          <Link to="/dashboard/properties" className={buttonStyles()}>
            Zu den Immobilien
          </Link>
        }
      />
    );
  }

  return (
    <div className="w-full min-w-0 space-y-6">
      <title>Haus in einer Tabelle – Nebenkosten</title>
      <div>
        <Link
          to="/dashboard/properties"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück zu den Immobilien
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          Haus in einer Tabelle: {property.data.name}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Eine Zeile je Mietverhältnis: Wohneinheit, Mieter mit Ein- und Auszug, Vorauszahlung,
          Zähler und Zählerstände. Ein Mieterwechsel bekommt eine zweite Zeile mit derselben
          Wohneinheit und demselben Zähler. Tab springt zur nächsten Zelle, Enter zur Zelle
          darunter; Zeilen aus einer Tabellenkalkulation fügen Sie mit Strg+V in eine Zelle ein.
        </p>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Der Anfangsstand gilt zum Beginn des Zeitraums (bei Einzug im Zeitraum zum Einzugstag),
          der Endstand zu seinem Ende (bei Auszug zum Auszugstag). Heizkostenverteiler beginnen bei
          0 und brauchen keinen Anfangsstand.
        </p>
      </div>
      {successMessage && !saved ? <Alert variant="success">{successMessage}</Alert> : null}
      {saved ? (
        <Card>
          <CardContent className="space-y-4 py-6">
            <Alert variant="success" title={saved.message}>
              {describeSaved(saved)}
            </Alert>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link
                to={`/dashboard/statements/new?property=${property.data.id}`}
                className={buttonStyles()}
              >
                <FilePlus className="size-4" aria-hidden="true" />
                Abrechnung erstellen
              </Link>
              <Link to="/dashboard/tenants" className={buttonStyles({ variant: "outline" })}>
                Zu den Mietern
              </Link>
              <Link to="/dashboard/properties" className={buttonStyles({ variant: "outline" })}>
                Zu den Immobilien
              </Link>
            </div>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="py-6">
            <HouseGridForm property={property.data} onSaved={setSaved} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
