import type { z } from "zod";
import type { buildCreateTenantBodySchema, CreateTenantBody, Tenant } from "@nk/contract";

// The tenant form's values are the texts of its inputs; the contract's schema checks them with
// the same rules and messages as the server (docs/rules/master-data.md#tenant-form).

export interface TenantFormValues {
  name: string;
  unitId: string;
  moveInDate: string;
  moveOutDate: string;
  persons: string;
  /** Issue 27: the first monthly prepayment of a new tenant (canonical text), from the move-in date. */
  monthlyPrepayment: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  birthDate: string;
  contractStartDate: string;
  contractEndDate: string;
  idDocumentNumber: string;
  notes: string;
}
export type TenantFormField = keyof TenantFormValues;
/** What the form's resolver hands on: the contract's parsed body. */
export type TenantFormOutput = z.output<ReturnType<typeof buildCreateTenantBodySchema>>;

/** The order the summary box lists the errors in (the order of the form). */
export const TENANT_FORM_FIELDS: TenantFormField[] = [
  "name",
  "unitId",
  "moveInDate",
  "moveOutDate",
  "persons",
  "monthlyPrepayment",
  "email",
  "phone",
  "address",
  "postalCode",
  "city",
  "birthDate",
  "contractStartDate",
  "contractEndDate",
  "idDocumentNumber",
  "notes",
];

/** Fields behind the 'Erweiterte Felder anzeigen' checkbox. */
export const ADVANCED_FIELDS: TenantFormField[] = [
  "address",
  "postalCode",
  "city",
  "birthDate",
  "contractStartDate",
  "contractEndDate",
  "idDocumentNumber",
  "notes",
];

export const EMPTY_TENANT_FORM: TenantFormValues = {
  name: "",
  unitId: "",
  moveInDate: "",
  moveOutDate: "",
  persons: "",
  monthlyPrepayment: "",
  email: "",
  phone: "",
  address: "",
  postalCode: "",
  city: "",
  birthDate: "",
  contractStartDate: "",
  contractEndDate: "",
  idDocumentNumber: "",
  notes: "",
};

export function toTenantFormValues(tenant: Tenant): TenantFormValues {
  return {
    name: tenant.name,
    unitId: tenant.unitId,
    moveInDate: tenant.moveInDate,
    moveOutDate: tenant.moveOutDate ?? "",
    persons: "",
    monthlyPrepayment: "",
    email: tenant.email ?? "",
    phone: tenant.phone ?? "",
    address: tenant.address ?? "",
    postalCode: tenant.postalCode ?? "",
    city: tenant.city ?? "",
    birthDate: tenant.birthDate ?? "",
    contractStartDate: tenant.contractStartDate ?? "",
    contractEndDate: tenant.contractEndDate ?? "",
    idDocumentNumber: tenant.idDocumentNumber ?? "",
    notes: tenant.notes ?? "",
  };
}

/**
 * The request body; an empty persons field leaves the default (the unit's persons) to the
 * server, an empty prepayment creates none.
 */
export function toTenantBody(values: TenantFormValues): CreateTenantBody {
  const { persons, monthlyPrepayment, ...fields } = values;
  const trimmedPersons = persons.trim();
  const trimmedPrepayment = (monthlyPrepayment ?? "").trim();
  // The number fields hold canonical text ("3", "180.5"); the contract reads them.
  return {
    ...fields,
    persons: trimmedPersons === "" ? null : trimmedPersons,
    monthlyPrepayment: trimmedPrepayment === "" ? null : trimmedPrepayment,
  };
}
