import { EMPTY_TENANT_FORM, TENANT_FORM_FIELDS, type TenantFormValues } from "./tenant-form-values";

// docs/rules/master-data.md#screens 'Tenants': the form's draft is kept locally and removed after a successful
// add or edit. One draft per account and per tenant ('new' for the add form).

function buildDraftKey(userId: string, tenantId: string | null): string {
  return `nk:${userId}:tenant-draft:${tenantId ?? "new"}`;
}

export function readTenantDraft(userId: string, tenantId: string | null): TenantFormValues | null {
  try {
    const text = window.localStorage.getItem(buildDraftKey(userId, tenantId));
    if (!text) return null;
    const stored = JSON.parse(text) as Record<string, unknown>;
    const values = { ...EMPTY_TENANT_FORM };
    for (const field of TENANT_FORM_FIELDS) {
      if (typeof stored[field] === "string") values[field] = stored[field];
    }
    return values;
  } catch {
    return null;
  }
}

export function writeTenantDraft(
  userId: string,
  tenantId: string | null,
  values: TenantFormValues,
): void {
  try {
    window.localStorage.setItem(buildDraftKey(userId, tenantId), JSON.stringify(values));
  } catch {
    // A full or blocked storage only loses the draft.
  }
}

export function removeTenantDraft(userId: string, tenantId: string | null): void {
  try {
    window.localStorage.removeItem(buildDraftKey(userId, tenantId));
  } catch {
    // Nothing to remove.
  }
}
