// Meters, readings, billing periods and utility tariffs (issue 6).
export * from "./meters.ts";
export * from "./readings.ts";
export * from "./billing-periods.ts";
export * from "./utility-types.ts";
export * from "./regional-prices.ts";
export * from "./rate-price-check.ts";
export * from "./rates.ts";
