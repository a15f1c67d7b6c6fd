export * from "./statement-messages.ts";
export * from "./cost-items.ts";
export * from "./statement-runs.ts";
export * from "./quick-setup-templates.ts";
export * from "./cost-type-sources.ts";
