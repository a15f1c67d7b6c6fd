import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft, Building, WandSparkles } from "lucide-react";
import {
  EFFICIENCY_CLASSES,
  EFFICIENCY_METHOD_LABELS,
  EFFICIENCY_METHODS,
  getTodayInGermany,
  PROPERTY_MESSAGES,
  propertyUpdateBodySchema,
  type PropertyUpdateBody,
  type PropertyUpdateValues,
  type PropertyWithUnits,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { SelectField, TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { formatDate } from "../../../lib/format";
import { useProperty, useUpdateProperty } from "../api";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import {
  describeEfficiencyClass,
  EfficiencyClassSummary,
} from "../components/efficiency-class-summary";
import { PropertyFields } from "../components/property-fields";
import type { PropertiesPageState } from "../lib/use-properties-page";

/** The input of the contract's update schema; empty selects are "". */
type EditFormValues = PropertyUpdateBody;

const CLASS_OPTIONS = EFFICIENCY_CLASSES.map((efficiencyClass) => ({
  value: efficiencyClass,
  label: describeEfficiencyClass(efficiencyClass),
}));
const METHOD_OPTIONS = EFFICIENCY_METHODS.map((method) => ({
  value: method,
  label: EFFICIENCY_METHOD_LABELS[method],
}));

function toFormValues(property: PropertyWithUnits): EditFormValues {
  return {
    name: property.name,
    street: property.street,
    houseNumber: property.houseNumber,
    addressAddition: property.addressAddition ?? "",
    postalCode: property.postalCode,
    city: property.city,
    state: property.state ?? "",
    country: property.country,
    efficiencyClass: property.efficiencyClass ?? "",
    efficiencyDeterminedDate: property.efficiencyDeterminedDate ?? "",
    efficiencyDeterminationMethod: property.efficiencyDeterminationMethod ?? "",
    heatingFuel: property.heatingFuel ?? "",
  };
}

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

function EditPropertyForm({ property }: { property: PropertyWithUnits }) {
  const navigate = useNavigate();
  const toast = useToast();
  const updateProperty = useUpdateProperty(property.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditFormValues, unknown, PropertyUpdateValues>({
    resolver: zodResolver(propertyUpdateBodySchema),
    defaultValues: toFormValues(property),
    mode: "onTouched",
  });
  const { register, setValue, formState } = form;
  const efficiencyClass = useWatch({ control: form.control, name: "efficiencyClass" });
  const efficiencyClassField = register("efficiencyClass");
  const isClassChosen = Boolean(efficiencyClass);

  async function save(values: PropertyUpdateValues) {
    setFailure(null);
    try {
      await updateProperty.mutateAsync(values);
      toast.success(PROPERTY_MESSAGES.updated);
      const state: PropertiesPageState = { selectedPropertyId: property.id };
      await navigate("/dashboard/properties", { state });
    } catch (error) {
      applyServerFieldErrors(form.setError, error);
      setFailure(getErrorMessage(error));
    }
  }

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

      {failure ? <Alert variant="error">{failure}</Alert> : null}

      <form onSubmit={form.handleSubmit(save)} noValidate className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Name und Adresse</CardTitle>
          </CardHeader>
          <CardContent className="py-5">
            <PropertyFields form={form} isTypeShown={false} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Energieeffizienz (CO₂-Kostenaufteilung)</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4 py-5">
            <p className="text-sm text-slate-600">
              Die Effizienzklasse entspricht der Stufe nach dem CO₂-Kostenaufteilungsgesetz (A =
              Stufe 1 … J = Stufe 10). Sie wird nur verwendet, wenn sich die Emissionen nicht aus
              den Brennstoffdaten der Abrechnung berechnen lassen.
            </p>
            <div className="grid gap-4 sm:grid-cols-6">
              <SelectField
                fieldClassName="sm:col-span-6"
                label="Effizienzklasse"
                placeholder="Nicht angegeben"
                options={CLASS_OPTIONS}
                error={formState.errors.efficiencyClass?.message}
                {...efficiencyClassField}
                onChange={(event) => {
                  void efficiencyClassField.onChange(event);
                  // docs/rules/master-data.md#states: choosing a class sets the date to today; clearing it empties the date.
                  if (event.target.value) {
                    setValue("efficiencyDeterminedDate", getTodayInGermany());
                  } else {
                    setValue("efficiencyDeterminedDate", "");
                    setValue("efficiencyDeterminationMethod", "");
                  }
                }}
              />
              <TextField
                fieldClassName="sm:col-span-3"
                label="Ermittlungsdatum"
                type="date"
                disabled={!isClassChosen}
                error={formState.errors.efficiencyDeterminedDate?.message}
                {...register("efficiencyDeterminedDate")}
              />
              <SelectField
                fieldClassName="sm:col-span-3"
                label="Ermittlungsmethode"
                placeholder="Bitte wählen"
                disabled={!isClassChosen}
                options={METHOD_OPTIONS}
                error={formState.errors.efficiencyDeterminationMethod?.message}
                {...register("efficiencyDeterminationMethod")}
              />
            </div>
          </CardContent>
        </Card>

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
                Größere Änderungen, etwa eine neue Immobilie mit allen Wohneinheiten, nehmen Sie
                über den{" "}
                <Link to="/onboarding" className="font-medium text-brand-700 hover:underline">
                  Einrichtungsassistenten
                </Link>{" "}
                vor.
              </span>
            </p>
          </CardFooter>
        </Card>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/dashboard/properties" className={buttonStyles({ variant: "outline" })}>
            Abbrechen
          </Link>
          <Button type="submit" isBusy={updateProperty.isPending} busyText="Speichere...">
            Speichern
          </Button>
        </div>
      </form>
    </div>
  );
}
