import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Download } from "lucide-react";
import type { RateDefinition } from "@nk/engine";
import {
  buildRateFormTitle,
  checkRatePrice,
  RATE_MAX_PRIORITY,
  RATE_MESSAGES,
  RATE_MIN_PRIORITY,
  RATE_PRICE_CONFIRM_QUESTION,
  RATE_PRICE_WARNING_CODE,
  RATE_REGIONS,
  RATE_TARIFF_TYPE_LABELS,
  RATE_TARIFF_TYPES,
  rateBodySchema,
  UTILITY_TYPE_UNITS,
  type RateBody,
  type PropertyWithUnits,
  type Rate,
  type RateTariffType,
  type UtilityType,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { DecimalField } from "../../../components/decimal-field";
import { SelectField, TextareaField, TextField } from "../../../components/ui/field";
import { useToast } from "../../../components/ui/toast";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { getErrorMessage, isApiError } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { mappedZodResolver } from "../../../lib/form-resolver";
import { fetchRegionalDefaults, useSaveRate } from "../api";
import {
  buildDefaultTiers,
  readDecimal,
  toRateBody,
  toRateFormValues,
  type RateFormValues,
} from "../lib/rate-form-values";
import { PriceCheckPanel } from "./price-check-panel";
import { RateCostCalculator } from "./rate-cost-calculator";
import { TierFields } from "./tier-fields";

export interface RateFormDialogProps {
  /** The card the form was opened from; null: closed. */
  utilityType: UtilityType | null;
  /** null: a new rate. */
  rate: Rate | null;
  properties: PropertyWithUnits[];
  defaultRegion: string;
  today: string;
  onClose: () => void;
}

export function RateFormDialog(props: RateFormDialogProps) {
  const { utilityType, onClose } = props;
  return (
    <Dialog open={utilityType !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <DialogContent size="xl">
        {utilityType ? (
          <RateForm
            key={props.rate?.id ?? `new-${utilityType}`}
            {...props}
            utilityType={utilityType}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const FORM_ID = "rate-form";

function RateForm({
  utilityType,
  rate,
  properties,
  defaultRegion,
  today,
  onClose,
}: RateFormDialogProps & { utilityType: UtilityType }) {
  const toast = useToast();
  const saveRate = useSaveRate();
  const unit = UTILITY_TYPE_UNITS[utilityType];
  const [banner, setBanner] = useState<string | null>(null);
  const [isLoadingAverage, setIsLoadingAverage] = useState(false);
  const resolver = useMemo(
    () =>
      mappedZodResolver(rateBodySchema, (values: RateFormValues) =>
        toRateBody(utilityType, values),
      ),
    [utilityType],
  );
  const { register, control, handleSubmit, setValue, setError, clearErrors, getValues, formState } =
    useForm({
      resolver,
      defaultValues: toRateFormValues(rate, { region: defaultRegion, today }),
    });
  const values = useWatch({ control }) as RateFormValues;
  const errors = formState.errors;
  const unitPrice = readDecimal(values.unitPrice);
  const basePrice = readDecimal(values.basePrice);

  // docs/rules/master-data.md#validation: the live check against the regional averages.
  const check = unitPrice
    ? checkRatePrice({ utilityType, region: values.region, unitPrice, basePrice })
    : null;
  const calculatorRate: RateDefinition | null = unitPrice
    ? {
        unitPrice,
        basePrice: basePrice ?? "0",
        tariffType: values.tariffType,
        tiers: (values.tiers ?? []).map((tier) => ({
          tierName: tier.tierName,
          tierType: tier.tierType,
          // Decision 1043: tier limits go to the engine as decimal text.
          from: readDecimal(tier.from),
          to: readDecimal(tier.to),
          unitPrice: readDecimal(tier.unitPrice),
        })),
      }
    : null;

  function changeTariffType(next: RateTariffType): void {
    const current = getValues("tiers");
    const isMatching =
      next === "time_based"
        ? current.length === 2 && current.every((t) => t.tierType === "time_based")
        : current.some((t) => t.tierType === "usage_tier");
    if (!isMatching) setValue("tiers", buildDefaultTiers(next, getValues("unitPrice")));
    clearErrors("tiers");
  }

  async function loadRegionalAverage(): Promise<void> {
    setIsLoadingAverage(true);
    try {
      const average = await fetchRegionalDefaults(utilityType, getValues("region"));
      setValue("unitPrice", average.unitPrice, { shouldDirty: true });
      if (average.basePrice !== null)
        setValue("basePrice", average.basePrice, { shouldDirty: true });
      setValue("rateName", average.rateName, { shouldDirty: true });
      clearErrors(["unitPrice", "basePrice", "rateName"]);
    } catch (error) {
      setBanner(getErrorMessage(error));
    } finally {
      setIsLoadingAverage(false);
    }
  }

  // A price outside 50-200 % of the average waits for the user's answer (decision 0982).
  const [pendingPrice, setPendingPrice] = useState<{ body: RateBody; message: string } | null>(
    null,
  );

  async function send(body: RateBody): Promise<void> {
    try {
      await saveRate.mutateAsync({ id: rate?.id ?? null, body });
      setPendingPrice(null);
      toast.success(RATE_MESSAGES.saved);
      onClose();
    } catch (error) {
      if (
        isApiError(error) &&
        error.code === RATE_PRICE_WARNING_CODE &&
        !body.confirmPriceWarning
      ) {
        setPendingPrice({ body, message: error.fields.unitPrice ?? error.message });
        return;
      }
      setPendingPrice(null);
      applyServerFieldErrors(setError, error);
      setBanner(`${RATE_MESSAGES.saveFailed}: ${getErrorMessage(error)}`);
    }
  }

  async function save(): Promise<void> {
    setBanner(null);
    await send(toRateBody(utilityType, getValues()));
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{buildRateFormTitle(utilityType)}</DialogTitle>
        <DialogDescription>Preise in Euro; Pflichtfelder sind mit * markiert.</DialogDescription>
      </DialogHeader>
      <DialogBody>
        <form id={FORM_ID} className="space-y-5" onSubmit={handleSubmit(save)} noValidate>
          {banner ? <Alert variant="error">{banner}</Alert> : null}
          <div className="flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50/50 p-3 sm:flex-row sm:items-end">
            <SelectField
              label="Region"
              fieldClassName="sm:flex-1"
              options={RATE_REGIONS.map((region) => ({ value: region, label: region }))}
              {...register("region")}
            />
            <Button
              variant="outline"
              onClick={() => void loadRegionalAverage()}
              isBusy={isLoadingAverage}
              busyText="Lade..."
            >
              <Download className="size-4" aria-hidden="true" />
              Regionale Durchschnittswerte laden
            </Button>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Tarifname *"
              error={errors.rateName?.message}
              {...register("rateName")}
            />
            <TextField
              label="Anbieter"
              error={errors.providerName?.message}
              {...register("providerName")}
            />
            <DecimalField
              label={`Preis pro ${unit} (€) *`}
              minDecimals={2}
              hint="Bis zu 6 Nachkommastellen"
              error={errors.unitPrice?.message}
              control={control}
              name="unitPrice"
            />
            <DecimalField
              label="Grundpreis (€/Monat)"
              minDecimals={2}
              error={errors.basePrice?.message}
              control={control}
              name="basePrice"
            />
          </div>
          <PriceCheckPanel check={check} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Tariftyp"
              options={RATE_TARIFF_TYPES.map((type) => ({
                value: type,
                label: RATE_TARIFF_TYPE_LABELS[type],
              }))}
              error={errors.tariffType?.message}
              {...register("tariffType", {
                onChange: (event) => changeTariffType(event.target.value as RateTariffType),
              })}
            />
            <DecimalField
              label="Priorität"
              hint={`${RATE_MIN_PRIORITY} bis ${RATE_MAX_PRIORITY}; eine kleinere Zahl hat Vorrang`}
              error={errors.priority?.message}
              control={control}
              name="priority"
            />
          </div>
          <TierFields
            tariffType={values.tariffType}
            control={control}
            register={register}
            errors={errors}
            unit={unit}
          />
          <div className="space-y-3 rounded-lg border border-slate-200 p-4">
            <Checkbox
              label="Global (für alle Immobilien)"
              {...register("isGlobal", {
                onChange: (event) =>
                  event.target.checked ? setValue("propertyId", "") : undefined,
              })}
            />
            {values.isGlobal ? null : (
              <SelectField
                label="Immobilie *"
                placeholder="Bitte wählen"
                options={properties.map((property) => ({
                  value: property.id,
                  label: property.name,
                }))}
                error={errors.propertyId?.message}
                {...register("propertyId")}
              />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Gültig ab"
                type="date"
                error={errors.validFrom?.message}
                {...register("validFrom")}
              />
              <TextField
                label="Gültig bis"
                type="date"
                hint="Leer: unbefristet"
                error={errors.validUntil?.message}
                {...register("validUntil")}
              />
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Vertragsnummer"
              error={errors.contractNumber?.message}
              {...register("contractNumber")}
            />
            <TextareaField
              label="Notizen"
              className="min-h-10"
              rows={1}
              error={errors.notes?.message}
              {...register("notes")}
            />
          </div>
          <RateCostCalculator rate={calculatorRate} unit={unit} />
        </form>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={saveRate.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" form={FORM_ID} isBusy={saveRate.isPending} busyText="Speichere...">
          Tarif speichern
        </Button>
      </DialogFooter>
      <ConfirmDialog
        isOpen={pendingPrice !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setPendingPrice(null))}
        title={RATE_PRICE_CONFIRM_QUESTION}
        description={pendingPrice?.message ?? ""}
        confirmLabel="Ja, Preis ist richtig"
        cancelLabel="Nein, Preis korrigieren"
        busyLabel="Speichere..."
        isBusy={saveRate.isPending}
        onConfirm={() =>
          pendingPrice ? send({ ...pendingPrice.body, confirmPriceWarning: true }) : undefined
        }
      />
    </>
  );
}
