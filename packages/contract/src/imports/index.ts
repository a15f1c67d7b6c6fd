export * from "./import-file.ts";
export * from "./bank-import.ts";
export * from "./reading-import.ts";
export * from "./metering-import.ts";
export * from "./metering-export.ts";
export * from "./house-table-import.ts";
export * from "./import-progress.ts";
