import { z } from "zod";

// Default validation messages in German wherever a schema does not name its own.
z.config(z.locales.de());

export * from "./plans.ts";
export * from "./errors.ts";
export * from "./common.ts";
export * from "./calendar-dates.ts";
export * from "./decimal-text.ts";
export * from "./ids.ts";
export * from "./auth.ts";
export * from "./me.ts";
export * from "./activity.ts";
export * from "./dashboard.ts";
export * from "./properties.ts";
export * from "./property-input.ts";
export * from "./tenants.ts";
export * from "./metering/index.ts";
export * from "./house-setup.ts";
export * from "./monitoring.ts";
export * from "./statements/index.ts";
export * from "./subscription.ts";
export * from "./notification-settings.ts";
export * from "./activity-feed.ts";
export * from "./german-day.ts";
export * from "./account-data.ts";
export * from "./contact.ts";
export * from "./operator.ts";
export * from "./billing-data.ts";
export * from "./statement-documents.ts";
export * from "./tenancy-overlap.ts";
export * from "./unit-order.ts";
export * from "./german-counts.ts";
export * from "./statement-dispatch.ts";
export * from "./imports/index.ts";
export * from "./team/roles.ts";
export * from "./team/members.ts";
export * from "./team/api-keys.ts";
