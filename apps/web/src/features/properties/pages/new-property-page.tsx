import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, Info } from "lucide-react";
import {
  PROPERTY_MESSAGES,
  propertyCreateBodySchema,
  type PropertyCreateValues,
} from "@nk/contract";
import { LimitReachedBanner } from "../../../components/limit-reached";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Card, CardContent, CardFooter } from "../../../components/ui/card";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { buildLimitReachedInfo } from "../../../lib/plan-access";
import { useMe } from "../../../lib/use-me";
import { useCreateProperty } from "../api";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import {
  EMPTY_PROPERTY_FIELDS,
  PropertyFields,
  hasRequiredPropertyFields,
  type PropertyFieldValues,
} from "../components/property-fields";
import type { HouseGridPageState } from "./house-grid-page";

/**
 * docs/rules/master-data.md#constants: the app goes on 1.5 s after the success toast, to the new
 * property's house table (issue 27, decision 1620: units, tenants and meters are the next step).
 */
const REDIRECT_DELAY_MS = 1500;

/** /dashboard/properties/new (docs/rules/master-data.md#screens 'New property'). */
export function NewPropertyPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { me, canCreate } = useMe();
  const createProperty = useCreateProperty();
  const [failure, setFailure] = useState<{ message: string; isLimit: boolean } | null>(null);
  // Set after a successful save: the property the app goes to 1.5 s later.
  const [created, setCreated] = useState<{ propertyId: string; state: HouseGridPageState } | null>(
    null,
  );
  const form = useForm<PropertyFieldValues, unknown, PropertyCreateValues>({
    resolver: zodResolver(propertyCreateBodySchema),
    defaultValues: EMPTY_PROPERTY_FIELDS,
    mode: "onTouched",
  });

  useEffect(() => {
    if (!created) return undefined;
    const timer = window.setTimeout(
      () =>
        void navigate(`/dashboard/properties/${created.propertyId}/house`, {
          state: created.state,
        }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [created, navigate]);

  const values = useWatch({ control: form.control });
  const isLimitReached = me !== undefined && !canCreate("properties");
  // docs/rules/master-data.md#screens: disabled while saving or while name, street, house number, postal code or city is empty;
  // docs/rules/master-data.md#validation: also while the account's usage is unknown.
  const isSubmitDisabled =
    !me || isLimitReached || created !== null || !hasRequiredPropertyFields(values);

  async function save(body: PropertyCreateValues) {
    setFailure(null);
    try {
      const property = await createProperty.mutateAsync(body);
      // The toast confirms until the house table opens, where the same message stands in the page:
      // it closes with the redirect instead of lying over the table's first rows.
      toast.success(PROPERTY_MESSAGES.created, { durationMs: REDIRECT_DELAY_MS });
      setCreated({ propertyId: property.id, state: { successMessage: PROPERTY_MESSAGES.created } });
    } catch (error) {
      applyServerFieldErrors(form.setError, error);
      setFailure({
        message: getErrorMessage(error, PROPERTY_MESSAGES.createFailed),
        isLimit: isApiError(error) && error.isLimitReached,
      });
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <title>Neue Immobilie – Nebenkosten</title>
      <div>
        <Link
          to="/dashboard/properties"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Zurück zu den Immobilien
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Neue Immobilie</h1>
        <p className="mt-1 text-sm text-slate-600">
          Erfassen Sie Name, Adresse und Art der Immobilie.
        </p>
      </div>

      {me && isLimitReached ? (
        <LimitReachedBanner {...buildLimitReachedInfo(me, "properties")} />
      ) : null}
      {failure ? (
        failure.isLimit ? (
          <LimitReachedBanner message={failure.message} />
        ) : (
          <Alert variant="error">{failure.message}</Alert>
        )
      ) : null}

      <Card>
        <form onSubmit={form.handleSubmit(save)} noValidate>
          <CardContent className="space-y-6 py-6">
            <PropertyFields form={form} />
            <Alert variant="info" title="Nächste Schritte">
              Nach dem Speichern geht es weiter mit dem Haus in einer Tabelle: Wohneinheiten mit
              Fläche und Personenzahl, Mieter mit Vorauszahlung, Zähler und Zählerstände, getippt
              oder aus einer Tabellenkalkulation eingefügt.
            </Alert>
          </CardContent>
          <CardFooter className="flex-col-reverse gap-2 sm:flex-row">
            <Link
              to="/dashboard/properties"
              className={buttonStyles({ variant: "outline", className: "w-full sm:w-auto" })}
            >
              Abbrechen
            </Link>
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={isSubmitDisabled}
              isBusy={createProperty.isPending}
              busyText="Speichere..."
            >
              Immobilie erstellen
            </Button>
          </CardFooter>
        </form>
      </Card>
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <Info className="size-3.5" aria-hidden="true" />
        Mit * markierte Felder sind Pflichtfelder.
      </p>
    </div>
  );
}
