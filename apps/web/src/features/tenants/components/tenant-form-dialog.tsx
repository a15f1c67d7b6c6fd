import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import {
  buildCreateTenantBodySchema,
  getTodayInGermany,
  TENANT_MESSAGES,
  TENANT_TOASTS,
  type PropertyWithUnits,
  type Tenant,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { mappedZodResolver } from "../../../lib/form-resolver";
import { getVisibleError } from "../../../lib/visible-error";
import { useCreateTenant, useUpdateTenant } from "../api";
import { readTenantDraft, removeTenantDraft, writeTenantDraft } from "../lib/tenant-draft";
import {
  ADVANCED_FIELDS,
  EMPTY_TENANT_FORM,
  TENANT_FORM_FIELDS,
  toTenantBody,
  toTenantFormValues,
  type TenantFormValues,
} from "../lib/tenant-form-values";
import { FormErrorSummary } from "./form-error-summary";
import { OccupancyPanel } from "./occupancy-panel";
import { TenantFormFields } from "./tenant-form-fields";

export interface TenantFormDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** null: add a tenant; otherwise edit this one. */
  tenant: Tenant | null;
  properties: PropertyWithUnits[];
  userId: string;
  /** Preselected unit of a new tenant (e.g. the filtered property's only unit). */
  defaultUnitId?: string;
  onLimitReached: (message: string) => void;
}

/** The add and edit modals. Rendered only while open, so each opening starts fresh. */
export function TenantFormDialog(props: TenantFormDialogProps) {
  const { isOpen, onOpenChange, tenant } = props;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      {/* A fixed height: messages appearing on blur must not move the buttons under the pointer. */}
      <DialogContent size="lg" className="h-[calc(100dvh-2rem)] max-h-[56rem]">
        <DialogHeader>
          <DialogTitle>{tenant ? "Mieter bearbeiten" : "Neuen Mieter hinzufügen"}</DialogTitle>
          <DialogDescription>Pflichtfelder sind mit * markiert.</DialogDescription>
        </DialogHeader>
        {isOpen ? <TenantForm key={tenant?.id ?? "new"} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const TENANT_FORM_ID = "tenant-form";

// The server's rules and messages (docs/rules/master-data.md#tenant-form); the age rule counts from today in Germany.
const tenantResolver = mappedZodResolver(
  buildCreateTenantBodySchema(() => getTodayInGermany()),
  toTenantBody,
);

function hasAdvancedValues(values: TenantFormValues): boolean {
  return ADVANCED_FIELDS.some((field) => values[field].trim() !== "");
}

function TenantForm({
  onOpenChange,
  tenant,
  properties,
  userId,
  defaultUnitId,
  onLimitReached,
}: TenantFormDialogProps) {
  const toast = useToast();
  const createTenant = useCreateTenant();
  const updateTenant = useUpdateTenant();
  const tenantId = tenant?.id ?? null;
  const isNew = tenant === null;

  const [initial] = useState(() => {
    const stored = readTenantDraft(userId, tenantId);
    const base = tenant
      ? toTenantFormValues(tenant)
      : { ...EMPTY_TENANT_FORM, unitId: defaultUnitId ?? "" };
    return { values: stored ?? base, base, isDraft: stored !== null };
  });
  const [isDraftRestored, setIsDraftRestored] = useState(initial.isDraft);
  const [isAdvancedShown, setIsAdvancedShown] = useState(() => hasAdvancedValues(initial.values));
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  // Messages appear once a field was left, and for every field after a submit attempt (docs/rules/master-data.md#validation).
  const form = useForm({
    resolver: tenantResolver,
    mode: "onTouched",
    defaultValues: initial.values,
  });
  const { register, control, reset, handleSubmit, getValues, setError, formState } = form;
  const watched = useWatch({ control });
  const values = useMemo(
    () => ({ ...EMPTY_TENANT_FORM, ...watched }) as TenantFormValues,
    [watched],
  );
  const { isDirty, isValid } = formState;

  // Keep the draft while the user types (docs/rules/master-data.md#screens: removed after a successful save).
  useEffect(() => {
    if (isDirty) writeTenantDraft(userId, tenantId, values);
  }, [isDirty, userId, tenantId, values]);

  // Messages show once a field was left with input, from the server, or after a submit attempt;
  // the summary box only after a submit attempt, so nothing above the fields moves while the
  // user clicks from one field to the next (issue 15, decision 0984).
  const isSubmitAttempted = formState.submitCount > 0;
  const fieldErrors = Object.fromEntries(
    TENANT_FORM_FIELDS.flatMap((field) => {
      const message = getVisibleError(form, field, isSubmitAttempted);
      return message ? [[field, message]] : [];
    }),
  );
  const summary = isSubmitAttempted ? [...new Set(Object.values(fieldErrors))] : [];
  const isSaving = createTenant.isPending || updateTenant.isPending;
  const selectedUnit = properties.flatMap((p) => p.units).find((unit) => unit.id === values.unitId);
  const hasUnits = properties.some((p) => p.units.length > 0);

  /** docs/rules/master-data.md#validation: an invalid submit shows the warning toast and every message. */
  function rejectInvalidSubmit(invalid: Partial<Record<string, unknown>>): void {
    if (ADVANCED_FIELDS.some((field) => invalid[field])) setIsAdvancedShown(true);
    toast.warning(TENANT_MESSAGES.invalidSubmit);
  }

  async function save(): Promise<void> {
    setServerMessage(null);
    const formValues = getValues();
    const {
      persons: _persons,
      monthlyPrepayment: _prepayment,
      ...editBody
    } = toTenantBody(formValues);
    try {
      if (isNew) {
        await createTenant.mutateAsync(toTenantBody(formValues));
        toast.success(TENANT_TOASTS.added);
      } else {
        if (!tenantId) {
          toast.error(TENANT_TOASTS.noTenantSelected);
          return;
        }
        await updateTenant.mutateAsync({ id: tenantId, body: editBody });
        toast.success(TENANT_TOASTS.updated);
      }
      removeTenantDraft(userId, tenantId);
      onOpenChange(false);
    } catch (error) {
      if (isApiError(error) && error.isLimitReached) {
        onLimitReached(error.message);
        return;
      }
      const message = getErrorMessage(error);
      // A field's message goes once the field changes (it is validated again then).
      if (!applyServerFieldErrors(setError, error)) setServerMessage(message);
      toast.error(isNew ? TENANT_TOASTS.addFailed(message) : TENANT_TOASTS.updateFailed(message));
    }
  }

  const submit = handleSubmit(save, rejectInvalidSubmit);

  function discardDraft(): void {
    removeTenantDraft(userId, tenantId);
    reset(initial.base);
    setIsDraftRestored(false);
  }

  // Enter in a field of an invalid form would otherwise do nothing (the button is disabled).
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>): void {
    const target = event.target as HTMLElement;
    if (event.key === "Enter" && target.tagName === "INPUT" && !isValid) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <form
          id={TENANT_FORM_ID}
          className="space-y-4"
          onSubmit={submit}
          onKeyDown={handleKeyDown}
          noValidate
        >
          {isDraftRestored ? (
            <Alert
              variant="info"
              action={
                <Button size="sm" variant="outline" onClick={discardDraft}>
                  Entwurf verwerfen
                </Button>
              }
            >
              Ein nicht gespeicherter Entwurf wurde wiederhergestellt.
            </Alert>
          ) : null}
          {!hasUnits ? (
            <Alert variant="warning" title="Keine Wohneinheiten vorhanden">
              Legen Sie zuerst eine Immobilie mit Wohneinheiten an.{" "}
              <Link to="/dashboard/properties" className={buttonStyles({ variant: "link" })}>
                Zu den Immobilien
              </Link>
            </Alert>
          ) : null}
          <FormErrorSummary messages={summary} />
          {serverMessage ? <Alert variant="error">{serverMessage}</Alert> : null}
          <TenantFormFields
            register={register}
            control={control}
            visibleErrors={fieldErrors}
            properties={properties}
            isNew={isNew}
            unitPersons={selectedUnit?.persons ?? null}
            isAdvancedShown={isAdvancedShown}
            onAdvancedShownChange={setIsAdvancedShown}
          />
        </form>
        {tenant ? <OccupancyPanel tenant={tenant} /> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isSaving}>
          Abbrechen
        </Button>
        <Button
          type="submit"
          form={TENANT_FORM_ID}
          disabled={!isValid}
          isBusy={isSaving}
          busyText="Speichere..."
        >
          {isNew ? "Mieter hinzufügen" : "Änderungen speichern"}
        </Button>
      </DialogFooter>
    </>
  );
}
