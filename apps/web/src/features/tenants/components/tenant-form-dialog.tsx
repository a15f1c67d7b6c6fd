import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { TENANT_MESSAGES, TENANT_TOASTS, type PropertyWithUnits, type Tenant } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { useCreateTenant, useUpdateTenant } from "../api";
import { readTenantDraft, removeTenantDraft, writeTenantDraft } from "../lib/tenant-draft";
import {
  ADVANCED_FIELDS,
  EMPTY_TENANT_FORM,
  TENANT_FORM_FIELDS,
  toTenantBody,
  toTenantFormValues,
  validateTenantForm,
  type TenantFormField,
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

function hasAdvancedValues(values: TenantFormValues): boolean {
  return ADVANCED_FIELDS.some((field) => values[field].trim() !== "");
}

function TenantForm({ onOpenChange, tenant, properties, userId, defaultUnitId, onLimitReached }: TenantFormDialogProps) {
  const toast = useToast();
  const createTenant = useCreateTenant();
  const updateTenant = useUpdateTenant();
  const tenantId = tenant?.id ?? null;
  const isNew = tenant === null;

  const [initial] = useState(() => {
    const stored = readTenantDraft(userId, tenantId);
    const base = tenant ? toTenantFormValues(tenant) : { ...EMPTY_TENANT_FORM, unitId: defaultUnitId ?? "" };
    return { values: stored ?? base, base, isDraft: stored !== null };
  });
  const [isDraftRestored, setIsDraftRestored] = useState(initial.isDraft);
  const [isAdvancedShown, setIsAdvancedShown] = useState(() => hasAdvancedValues(initial.values));
  const [isSubmitAttempted, setIsSubmitAttempted] = useState(false);
  // The server's field messages, with the values they were about: a changed field drops its message.
  const [serverErrors, setServerErrors] = useState<{ fields: Partial<Record<TenantFormField, string>>; values: TenantFormValues | null }>({ fields: {}, values: null });
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const { register, control, reset, handleSubmit, formState } = useForm<TenantFormValues>({ defaultValues: initial.values });
  const watched = useWatch({ control });
  const values = useMemo(() => ({ ...EMPTY_TENANT_FORM, ...watched }) as TenantFormValues, [watched]);
  const isDirty = formState.isDirty;

  // Keep the draft while the user types (section 2: removed after a successful save).
  useEffect(() => {
    if (isDirty) writeTenantDraft(userId, tenantId, values);
  }, [isDirty, userId, tenantId, values]);

  const errors = useMemo(() => validateTenantForm(values), [values]);
  const currentServerErrors: Partial<Record<TenantFormField, string>> = {};
  for (const field of TENANT_FORM_FIELDS) {
    const message = serverErrors.fields[field];
    if (message && serverErrors.values?.[field] === values[field]) currentServerErrors[field] = message;
  }
  const messages: Partial<Record<TenantFormField, string>> = { ...errors, ...currentServerErrors };
  const isTouched = (field: TenantFormField) => Boolean((formState.touchedFields as Partial<Record<TenantFormField, boolean>>)[field]);
  const visibleErrors: Partial<Record<TenantFormField, string>> = {};
  for (const field of TENANT_FORM_FIELDS) {
    const message = messages[field];
    if (message && (isSubmitAttempted || isTouched(field) || currentServerErrors[field])) visibleErrors[field] = message;
  }
  const isAnyTouched = TENANT_FORM_FIELDS.some(isTouched);
  const summary = isSubmitAttempted || isAnyTouched ? TENANT_FORM_FIELDS.flatMap((field) => (messages[field] ? [messages[field]] : [])) : [];
  const isValid = Object.keys(errors).length === 0 && values.name.trim() !== "" && values.unitId !== "";
  const isSaving = createTenant.isPending || updateTenant.isPending;
  const selectedUnit = properties.flatMap((p) => p.units).find((unit) => unit.id === values.unitId);
  const hasUnits = properties.some((p) => p.units.length > 0);

  /** Section 5: an invalid submit shows the warning toast and every message. */
  function rejectInvalidSubmit(): void {
    setIsSubmitAttempted(true);
    if (ADVANCED_FIELDS.some((field) => errors[field])) setIsAdvancedShown(true);
    toast.warning(TENANT_MESSAGES.invalidSubmit);
  }

  async function save(formValues: TenantFormValues): Promise<void> {
    setServerErrors({ fields: {}, values: null });
    setServerMessage(null);
    if (Object.keys(validateTenantForm(formValues)).length > 0) {
      rejectInvalidSubmit();
      return;
    }
    const { persons: _persons, ...editBody } = toTenantBody(formValues);
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
      if (isApiError(error)) setServerErrors({ fields: error.fields as Partial<Record<TenantFormField, string>>, values: formValues });
      setServerMessage(message);
      toast.error(isNew ? TENANT_TOASTS.addFailed(message) : TENANT_TOASTS.updateFailed(message));
    }
  }

  function discardDraft(): void {
    removeTenantDraft(userId, tenantId);
    reset(initial.base);
    setIsDraftRestored(false);
    setIsSubmitAttempted(false);
  }

  // Enter in a field of an invalid form would otherwise do nothing (the button is disabled).
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>): void {
    const target = event.target as HTMLElement;
    if (event.key === "Enter" && target.tagName === "INPUT" && !isValid) {
      event.preventDefault();
      rejectInvalidSubmit();
    }
  }

  return (
    <>
      <DialogBody className="space-y-4">
        <form id={TENANT_FORM_ID} className="space-y-4" onSubmit={handleSubmit(save)} onKeyDown={handleKeyDown} noValidate>
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
        {serverMessage && Object.keys(serverErrors.fields).length === 0 ? <Alert variant="error">{serverMessage}</Alert> : null}
        <TenantFormFields
          register={register}
          visibleErrors={visibleErrors}
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
        <Button type="submit" form={TENANT_FORM_ID} disabled={!isValid} isBusy={isSaving} busyText="Speichere...">
          {isNew ? "Mieter hinzufügen" : "Änderungen speichern"}
        </Button>
      </DialogFooter>
    </>
  );
}
