/** Unit and tenant names for the ids of the engine's input (database ids, docs/rules/statement-inputs.md#assembly). */
export interface PreviewNames {
  unit: (unitId: string) => string;
  tenant: (tenancyId: string) => string;
}

export function buildPreviewNames(
  units: readonly { id: string; name: string }[],
  tenants: readonly { id: string; name: string }[],
): PreviewNames {
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name]));
  const tenantNames = new Map(tenants.map((tenant) => [tenant.id, tenant.name]));
  return {
    unit: (unitId) => unitNames.get(unitId) ?? "Wohneinheit",
    tenant: (tenancyId) => tenantNames.get(tenancyId) ?? "Mieter",
  };
}
