export * from "./statement-messages.ts";
export * from "./cost-items.ts";
export * from "./statement-runs.ts";
export * from "./quick-setup-templates.ts";
export * from "./cost-type-sources.ts";
export * from "./statement-history.ts";
export * from "./statement-analysis.ts";
export * from "./cost-type-allocability.ts";
