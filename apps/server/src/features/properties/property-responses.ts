import {
  sortUnitsByFloor,
  type EfficiencyClass,
  type Property,
  type PropertyWithUnits,
  type Unit,
} from "@nk/contract";
import type { PropertyRow, UnitRow } from "./property-queries.ts";

// Rows to the response shapes fixed in packages/contract/src/properties.ts.

export function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    area: row.area,
    persons: row.persons,
    hasDecentralizedHotWater: row.hasDecentralizedHotWater,
    activeTenantCount: Number(row.activeTenantCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPropertyWithUnits(
  row: PropertyRow,
  units: readonly UnitRow[],
): PropertyWithUnits {
  const property: Property = {
    id: row.id,
    name: row.name,
    street: row.street,
    houseNumber: row.houseNumber,
    addressAddition: row.addressAddition,
    postalCode: row.postalCode,
    city: row.city,
    state: row.state,
    country: row.country,
    address: row.address,
    propertyType: row.propertyType,
    efficiencyClass: row.efficiencyClass as EfficiencyClass | null,
    efficiencyDeterminedDate: row.efficiencyDeterminedDate,
    efficiencyDeterminationMethod:
      row.efficiencyDeterminationMethod as Property["efficiencyDeterminationMethod"],
    heatingFuel: row.heatingFuel as Property["heatingFuel"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  return {
    ...property,
    // In the building's order: "EG" before "1. OG" (issue 23).
    units: sortUnitsByFloor(units.filter((unit) => unit.propertyId === row.id)).map(toUnit),
    unitCount: Number(row.unitCount),
    totalArea: row.totalArea,
  };
}
