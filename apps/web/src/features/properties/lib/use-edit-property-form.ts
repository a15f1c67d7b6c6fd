import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router";
import {
  getTodayInGermany,
  PROPERTY_MESSAGES,
  propertyUpdateBodySchema,
  type PropertyUpdateBody,
  type PropertyUpdateValues,
  type PropertyWithUnits,
} from "@nk/contract";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { useUpdateProperty } from "../api";
import type { PropertiesPageState } from "./use-properties-page";

// The form of the edit property page (edit-property-page.tsx; docs/rules/master-data.md#screens
// 'Edit property'): the property's values, the efficiency class with its date and method, the
// save with the server's field errors, and the way back to the list with the property selected.

/** The input of the contract's update schema; empty selects are "". */
export type EditFormValues = PropertyUpdateBody;

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

export function useEditPropertyForm(property: PropertyWithUnits) {
  const navigate = useNavigate();
  const toast = useToast();
  const updateProperty = useUpdateProperty(property.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EditFormValues, unknown, PropertyUpdateValues>({
    resolver: zodResolver(propertyUpdateBodySchema),
    defaultValues: toFormValues(property),
    mode: "onTouched",
  });
  const efficiencyClass = useWatch({ control: form.control, name: "efficiencyClass" });

  /** docs/rules/master-data.md#states: choosing a class sets the date to today; clearing it empties the date. */
  function onEfficiencyClassChosen(value: string): void {
    if (value) {
      form.setValue("efficiencyDeterminedDate", getTodayInGermany());
    } else {
      form.setValue("efficiencyDeterminedDate", "");
      form.setValue("efficiencyDeterminationMethod", "");
    }
  }

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

  return {
    form,
    efficiencyClass,
    onEfficiencyClassChosen,
    failure,
    isSaving: updateProperty.isPending,
    submit: form.handleSubmit(save),
  };
}

export type EditPropertyForm = ReturnType<typeof useEditPropertyForm>;
