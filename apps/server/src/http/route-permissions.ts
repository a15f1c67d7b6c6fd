import type { Permission } from "@nk/contract";

// Issue 29, decision 1170: the one place that says what each signed-in route needs. The
// permission middleware (middleware/require-permission.ts) looks the answering route up here
// before its handler runs; the role × route suite (test/integration/team-roles.test.ts) reads
// the OpenAPI document and fails for a route missing from this table, so a new route cannot be
// forgotten. `member`: anyone who belongs to the account (their own profile, settings, keys).
// Keys are the OpenAPI paths. Finer rules (which status change, which member) stay in the
// services: statement transitions check the specification's status roles.

export type RouteRequirement = Permission | "member";

export const ROUTE_PERMISSIONS: Record<string, RouteRequirement> = {
  // Personal: the signed-in person, whatever their role.
  "GET /api/me": "member",
  "PATCH /api/profile": "member",
  "GET /api/notification-settings": "member",
  "PUT /api/notification-settings": "member",
  "GET /api/memberships": "member",
  "POST /api/memberships/switch": "member",
  "POST /api/invitations/accept": "member",

  "GET /api/dashboard": "read",
  "GET /api/deadlines": "read",
  "GET /api/properties/{id}/monthly-information": "read",
  "GET /api/properties/{id}/monthly-information/{tenantId}/pdf": "read",
  "GET /api/properties/{id}/monthly-information/letters": "read",
  "POST /api/properties/{id}/monthly-information/send": "send_statement",
  "GET /api/properties/{id}/monthly-information/print": "read",
  "POST /api/properties/{id}/monthly-information/mark-posted": "send_statement",
  "GET /api/monthly-information/settings": "read",
  "PUT /api/monthly-information/settings": "send_statement",
  "GET /api/activities": "read",
  "GET /api/activities/stats": "read",

  // Master data (docs/rules/master-data.md): editors and up.
  "GET /api/properties": "read",
  "POST /api/properties": "edit_master_data",
  "GET /api/properties/{id}": "read",
  "PATCH /api/properties/{id}": "edit_master_data",
  "DELETE /api/properties/{id}": "edit_master_data",
  "GET /api/properties/{id}/units": "read",
  "POST /api/properties/{id}/units": "edit_master_data",
  "POST /api/properties/{id}/house-setup": "edit_master_data",
  "PATCH /api/units/{id}": "edit_master_data",
  "DELETE /api/units/{id}": "edit_master_data",
  "POST /api/onboarding": "edit_master_data",
  "GET /api/tenants": "read",
  "POST /api/tenants": "create_tenant",
  "GET /api/tenants/{id}": "read",
  "PATCH /api/tenants/{id}": "edit_master_data",
  "DELETE /api/tenants/{id}": "edit_master_data",
  "POST /api/tenants/{id}/move-out": "edit_master_data",
  "POST /api/tenants/{id}/move-in": "edit_master_data",
  "GET /api/tenants/{id}/prepayments": "read",
  "POST /api/tenants/{id}/prepayments": "edit_master_data",
  "PATCH /api/prepayments/{id}": "edit_master_data",
  "DELETE /api/prepayments/{id}": "edit_master_data",
  "GET /api/tenants/{id}/occupants": "read",
  "POST /api/tenants/{id}/occupants": "edit_master_data",
  "PATCH /api/occupants/{id}": "edit_master_data",
  "DELETE /api/occupants/{id}": "edit_master_data",
  "GET /api/meters": "read",
  "POST /api/meters": "edit_master_data",
  "GET /api/meters/{id}": "read",
  "PATCH /api/meters/{id}": "edit_master_data",
  "DELETE /api/meters/{id}": "edit_master_data",
  "GET /api/meters/{id}/readings": "read",
  "POST /api/meters/{id}/readings": "edit_master_data",
  "POST /api/readings/bulk": "edit_master_data",
  "DELETE /api/readings/{id}": "edit_master_data",
  "GET /api/rates/regional-defaults": "read",
  "GET /api/rates": "read",
  "POST /api/rates": "edit_master_data",
  "GET /api/rates/{id}": "read",
  "PATCH /api/rates/{id}": "edit_master_data",
  "DELETE /api/rates/{id}": "edit_master_data",

  // Statements (docs/rules/statements.md): the wizard needs create_billing_statement (docs/rules/accounts-and-plans.md#roles-and-features).
  "GET /api/billing-periods": "read",
  "POST /api/billing-periods": "create_billing_statement",
  "GET /api/billing-periods/{id}": "read",
  "DELETE /api/billing-periods/{id}": "delete_statement",
  "GET /api/billing-periods/{id}/costs": "read",
  "PUT /api/billing-periods/{id}/costs": "create_billing_statement",
  "GET /api/billing-periods/{id}/consumption": "read",
  "GET /api/statements/templates": "read",
  "POST /api/statements/preview": "create_billing_statement",
  "POST /api/statements/preview/pdf": "create_billing_statement",
  "POST /api/statements": "create_billing_statement",
  "GET /api/statements": "read",
  "GET /api/statements/{id}": "read",
  "DELETE /api/statements/{id}": "delete_statement",
  "POST /api/statements/{id}/transition": "change_statement_status",
  "POST /api/tenant-statements/{id}/transition": "change_statement_status",
  "POST /api/statements/{id}/corrections": "correct_statement",
  "GET /api/tenant-statements/{id}/pdf": "read",
  "GET /api/statements/{id}/pdf": "read",
  "GET /api/statements/{id}/letters.zip": "read",
  "GET /api/statements/{id}/overview-pdf": "read",
  // Issue 32 (decision 1084): all letters as one PDF, made in the background (a download like the one above).
  "POST /api/statements/{id}/letter-batches": "read",
  "GET /api/letter-batches/{id}": "read",
  "GET /api/letter-batches/{id}/pdf": "read",
  "POST /api/tenant-statements/{id}/send": "send_statement",
  "POST /api/statements/{id}/send": "send_statement",
  "POST /api/tenant-statements/{id}/mark-posted": "send_statement",
  "GET /api/statements/{id}/dispatch": "read",
  "PUT /api/statements/{id}/late-excuse": "send_statement",
  // Issue 30: the letters' proposal follows who sends them; applying it writes prepayments (master data).
  "PUT /api/statements/{id}/prepayment-rounding": "send_statement",
  "POST /api/statements/{id}/prepayment-adjustment": "edit_master_data",
  "GET /api/statements/{id}/results.csv": "read",
  // Decision 1600: the files for the metering company, an export like the results CSV.
  "GET /api/billing-periods/{id}/metering-export": "read",
  // Decision 1701: the firm's numbers of the property are master data.
  "GET /api/billing-periods/{id}/metering-numbers": "read",
  "PUT /api/billing-periods/{id}/metering-numbers": "edit_master_data",

  // Imports (issue 28): bank bookings become a period's costs (like PUT costs); the metering
  // company's readings are master data.
  "POST /api/imports/bank-statements/preview": "create_billing_statement",
  "POST /api/imports/bank-statements": "create_billing_statement",
  "POST /api/imports/readings/preview": "edit_master_data",
  "POST /api/imports/readings": "edit_master_data",
  "POST /api/imports/house-table": "edit_master_data",
  // Decision 1404: the metering company's results become the period's costs, like a bank import.
  "POST /api/imports/metering-results/preview": "create_billing_statement",
  "POST /api/imports/metering-results": "create_billing_statement",

  // Settings of the account.
  "GET /api/billing-data": "read",
  "PUT /api/billing-data": "manage_billing_data",
  "GET /api/subscription": "read",
  "POST /api/subscription/plan": "manage_subscription",
  "POST /api/subscription/cancel": "manage_subscription",
  "POST /api/subscription/reactivate": "manage_subscription",
  "GET /api/export": "export_account",
  "GET /api/export/spreadsheet": "export_account",
  "DELETE /api/account": "delete_account",

  // The team.
  "GET /api/team": "read",
  "POST /api/team/invitations": "manage_members",
  "DELETE /api/team/invitations/{id}": "manage_members",
  "PATCH /api/team/members/{id}": "manage_members",
  "DELETE /api/team/members/{id}": "manage_members",

  // API keys (Enterprise, decision 1171): owner and admins, only in the browser.
  "GET /api/api-keys": "manage_api_keys",
  "POST /api/api-keys": "manage_api_keys",
  "DELETE /api/api-keys/{id}": "manage_api_keys",
};

/** The OpenAPI key of a Hono route pattern: `POST /api/units/:id` -> `POST /api/units/{id}`. */
function toRouteKey(method: string, honoPath: string): string {
  return `${method.toUpperCase()} ${honoPath.replace(/:(\w+)/g, "{$1}")}`;
}

/**
 * What the route needs; a route missing from the table needs the most a non-owner can have
 * (manage_members: owner and admin), so a forgotten write is never open to every role.
 */
export function findRouteRequirement(method: string, honoPath: string): RouteRequirement {
  return ROUTE_PERMISSIONS[toRouteKey(method, honoPath)] ?? "manage_members";
}
