import { useEffect } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft, Building } from "lucide-react";
import { PROPERTY_MESSAGES, type PropertyWithUnits } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useProperty } from "../api";
import { EfficiencyFields } from "../components/efficiency-fields";
import { PropertyFactsCard } from "../components/property-facts-card";
import { PropertyFields } from "../components/property-fields";
import { useEditPropertyForm } from "../lib/use-edit-property-form";

/** /dashboard/properties/{id}/edit (docs/rules/master-data.md#screens 'Edit property'). */
export function EditPropertyPage() {
  const { propertyId = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const property = useProperty(propertyId);
  const isNotFound = isApiError(property.error) && property.error.status === 404;

  // docs/rules/master-data.md#screens: a failed load (other than 'not found') shows an error toast and returns to the list.
  useEffect(() => {
    if (!property.isError || isNotFound) return;
    toast.error(getErrorMessage(property.error));
    void navigate("/dashboard/properties", { replace: true });
  }, [property.isError, property.error, isNotFound, toast, navigate]);

  if (property.isPending) return <LoadingState text="Lade Immobilie..." />;
  if (isNotFound) {
    return (
      <EmptyState
        icon={Building}
        title={PROPERTY_MESSAGES.notFound}
        description="Die Immobilie gibt es nicht (mehr)."
        action={
          <Link to="/dashboard/properties" className={buttonStyles()}>
            Zu den Immobilien
          </Link>
        }
      />
    );
  }
  if (property.isError) return <LoadingState text="Lade Immobilie..." />;
  return <EditPropertyForm property={property.data} />;
}

/** The form itself (state in useEditPropertyForm). */
function EditPropertyForm({ property }: { property: PropertyWithUnits }) {
  const edit = useEditPropertyForm(property);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <title>Immobilie bearbeiten – Nebenkosten</title>
      <div>
        <Link
          to="/dashboard/properties"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück zu den Immobilien
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          Immobilie bearbeiten
        </h1>
        <p className="mt-1 text-sm text-slate-600">{property.name}</p>
      </div>

      {edit.failure ? <Alert variant="error">{edit.failure}</Alert> : null}

      <form onSubmit={edit.submit} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Name und Adresse</CardTitle>
          </CardHeader>
          <CardContent className="py-5">
            <PropertyFields form={edit.form} isTypeShown={false} />
          </CardContent>
        </Card>

        <EfficiencyFields edit={edit} />

        <PropertyFactsCard property={property} efficiencyClass={edit.efficiencyClass} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/dashboard/properties" className={buttonStyles({ variant: "outline" })}>
            Abbrechen
          </Link>
          <Button type="submit" isBusy={edit.isSaving} busyText="Speichere...">
            Speichern
          </Button>
        </div>
      </form>
    </div>
  );
}
