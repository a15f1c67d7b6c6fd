import { z } from "zod";
import { EFFICIENCY_CLASSES, FUELS } from "@nk/engine";

// Response shapes of /api/properties and /api/units, fixed here because the tenant, meter and
// statement screens read them too. Request schemas and rules: properties feature (issue 4).

export const PROPERTY_TYPES = [
  "Mehrfamilienhaus",
  "Einfamilienhaus mit Einliegerwohnung",
  "Wohnungseigentümergemeinschaft (WEG)",
  "Gewerbeobjekt",
  "Gemischt genutztes Objekt",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

// One list of the classes: the engine's (issue 25).
export { EFFICIENCY_CLASSES, type EfficiencyClass } from "@nk/engine";

export const EFFICIENCY_METHODS = [
  "energieausweis",
  "messung",
  "berechnung",
  "schaetzung",
] as const;

export const unitSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  name: z.string(),
  /** m², decimal string with up to 2 decimals ("62.50"). */
  area: z.string(),
  persons: z.number().int(),
  hasDecentralizedHotWater: z.boolean(),
  /** Active tenants of the unit (badge 'n aktiv' or 'Leer'). */
  activeTenantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;

export const propertySchema = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  addressAddition: z.string().nullable(),
  postalCode: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  /** Joined as the specification says: 'Straße Nr, Zusatz, PLZ Ort, Land/Region, Land'. */
  address: z.string(),
  propertyType: z.string(),
  efficiencyClass: z.enum(EFFICIENCY_CLASSES).nullable(),
  efficiencyDeterminedDate: z.string().nullable(),
  efficiencyDeterminationMethod: z.enum(EFFICIENCY_METHODS).nullable(),
  /** Decision 1620: the heating's fuel (the engine's FUELS), proposed for the statement's CO2 inputs; null: not given. */
  heatingFuel: z.enum(FUELS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Property = z.infer<typeof propertySchema>;

/** GET /api/properties answers an array of these (newest first); GET /api/properties/:id one. */
export const propertyWithUnitsSchema = propertySchema.extend({
  units: z.array(unitSchema),
  unitCount: z.number().int(),
  /** Sum of the units' areas, decimal string with 2 decimals. */
  totalArea: z.string(),
});
export type PropertyWithUnits = z.infer<typeof propertyWithUnitsSchema>;
