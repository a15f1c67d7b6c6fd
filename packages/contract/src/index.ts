export * from "./plans.ts";
export * from "./errors.ts";
export * from "./common.ts";
export * from "./auth.ts";
export * from "./me.ts";
export * from "./activity.ts";
export * from "./dashboard.ts";
export * from "./properties.ts";
