import { isIsoDate } from "../dates/calendar.ts";
import { MESSAGES } from "../messages/messages.ts";
import { isMoneyString } from "../money/money.ts";
import type { ValidationIssue } from "../types.ts";

/** The largest quantity (m2, persons, kWh, ...) the engine accepts; beyond it is a typo. */
const MAX_QUANTITY = 1e12;

/** A quantity as decimal text: not negative, up to 12 digits (below MAX_QUANTITY) and 9 decimals. */
export const QUANTITY_TEXT = /^\d{1,12}(\.\d{1,9})?$/;
const ZERO_TEXT = /^0+(\.0+)?$/;

/**
 * Reads fields of untrusted JSON and records a German message naming the field for each one
 * that is missing or of the wrong type. The readers return undefined for a bad or missing
 * field, so one pass collects every problem.
 */
export class ShapeReader {
  readonly issues: ValidationIssue[] = [];

  report(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  readObject(value: unknown, path: string): Record<string, unknown> | undefined {
    if (value === undefined) {
      this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (!isPlainObject(value)) {
      this.report(path, MESSAGES.fieldNotObject(path));
      return undefined;
    }
    return value;
  }

  readList(value: unknown, path: string, isRequired: boolean): unknown[] | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.report(path, MESSAGES.fieldNotList(path));
      return undefined;
    }
    return value;
  }

  readText(value: unknown, path: string, isRequired: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (typeof value !== "string") {
      this.report(path, MESSAGES.fieldNotText(path));
      return undefined;
    }
    if (value.trim() === "") {
      this.report(path, MESSAGES.fieldEmptyText(path));
      return undefined;
    }
    return value;
  }

  readNumber(
    value: unknown,
    path: string,
    options: { isRequired: boolean; isPositive?: boolean },
  ): number | undefined {
    if (value === undefined || value === null) {
      if (options.isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.report(path, MESSAGES.fieldNotNumber(path));
      return undefined;
    }
    if (value < 0) {
      this.report(path, MESSAGES.fieldNegative(path));
      return undefined;
    }
    if (options.isPositive && value === 0) {
      this.report(path, MESSAGES.fieldNotPositive(path));
      return undefined;
    }
    if (value > MAX_QUANTITY) {
      this.report(path, MESSAGES.fieldTooLarge(path));
      return undefined;
    }
    return value;
  }

  /**
   * A quantity as decimal text or a JSON number (decision 1043), returned as given: text is
   * checked against QUANTITY_TEXT, a number as readNumber checks it.
   */
  readQuantity(
    value: unknown,
    path: string,
    options: { isRequired: boolean; isPositive?: boolean },
  ): number | string | undefined {
    if (typeof value !== "string") return this.readNumber(value, path, options);
    if (!QUANTITY_TEXT.test(value)) {
      this.report(
        path,
        value.startsWith("-") && QUANTITY_TEXT.test(value.slice(1))
          ? MESSAGES.fieldNegative(path)
          : MESSAGES.fieldNotNumber(path),
      );
      return undefined;
    }
    if (options.isPositive && ZERO_TEXT.test(value)) {
      this.report(path, MESSAGES.fieldNotPositive(path));
      return undefined;
    }
    return value;
  }

  readBoolean(value: unknown, path: string): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "boolean") {
      this.report(path, MESSAGES.fieldNotBoolean(path));
      return undefined;
    }
    return value;
  }

  /** invalidMessage: the message for a value that is no date, built only when needed. */
  readDate(
    value: unknown,
    path: string,
    options: { isRequired: boolean; invalidMessage?: (path: string) => string },
  ): string | undefined {
    if (value === undefined || value === null) {
      if (options.isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (!isIsoDate(value)) {
      this.report(path, (options.invalidMessage ?? MESSAGES.fieldNotDate)(path));
      return undefined;
    }
    return value;
  }

  readMoney(value: unknown, path: string, isRequired: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (typeof value !== "string" || !isMoneyString(value.trim())) {
      this.report(path, MESSAGES.fieldNotMoney(path));
      return undefined;
    }
    return value.trim();
  }

  readChoice<T extends string>(
    value: unknown,
    path: string,
    allowed: readonly T[],
    isRequired: boolean,
  ): T | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(path));
      return undefined;
    }
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.report(path, MESSAGES.fieldNotOneOf(path, allowed));
      return undefined;
    }
    return value as T;
  }
}

/** Is the value a JSON object (not null, not a list)? */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
