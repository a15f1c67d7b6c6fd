// The cache keys of the resources several features read (docs/architecture.md, web data layer).
// Keys are hierarchical: invalidating a resource's root refreshes all its lists and details.

export const TENANTS_KEY = ["tenants"] as const;
export const RATES_KEY = ["rates"] as const;
export const BILLING_PERIODS_KEY = ["billing-periods"] as const;
export const METERS_KEY = ["meters"] as const;
export const DASHBOARD_KEY = ["dashboard"] as const;
export const STATEMENTS_KEY = ["statements"] as const;
export const TEAM_KEY = ["team"] as const;

export const tenantsKey = (propertyId?: string) =>
  [...TENANTS_KEY, "list", propertyId ?? "all"] as const;
export const ratesKey = () => [...RATES_KEY, "list"] as const;
export const billingPeriodsKey = (propertyId?: string) =>
  [...BILLING_PERIODS_KEY, "list", propertyId ?? "all"] as const;
export const billingPeriodKey = (id: string) => [...BILLING_PERIODS_KEY, "one", id] as const;
export const metersKey = (propertyId?: string) =>
  [...METERS_KEY, "list", propertyId ?? "all"] as const;
export const statementListKey = (query: object) => [...STATEMENTS_KEY, "list", query] as const;
export const statementRunKey = (id: string) => [...STATEMENTS_KEY, "one", id] as const;
