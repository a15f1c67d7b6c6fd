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
 * Where a list entry's field is ("consumption[3].value"), for the long lists of a statement's
 * input (about 90,000 fields at 2,000 units): one object per list, pointed at the entry and
 * field before each read and made text only for a message, instead of a text per field read.
 * A reader never keeps it: report() stores its text.
 */
export class ListFieldPath {
  private index = 0;
  private field = "";

  constructor(private readonly list: string) {}

  /** Points at the entry itself ("consumption[3]"). */
  entry(index: number): this {
    this.index = index;
    this.field = "";
    return this;
  }

  /** Points at a field of the current entry ("consumption[3].value"). */
  at(field: string): this {
    this.field = field;
    return this;
  }

  toString(): string {
    const entry = `${this.list}[${this.index}]`;
    return this.field === "" ? entry : `${entry}.${this.field}`;
  }
}

/** A field's path: text, or a list entry's field named only when a message needs it. */
export type FieldPath = string | ListFieldPath;

/**
 * Reads fields of untrusted JSON and records a German message naming the field for each one
 * that is missing or of the wrong type. The readers return undefined for a bad or missing
 * field, so one pass collects every problem.
 */
export class ShapeReader {
  readonly issues: ValidationIssue[] = [];

  report(path: FieldPath, message: string): void {
    this.issues.push({ path: String(path), message });
  }

  readObject(value: unknown, path: FieldPath): Record<string, unknown> | undefined {
    if (value === undefined) {
      this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (!isPlainObject(value)) {
      this.report(path, MESSAGES.fieldNotObject(String(path)));
      return undefined;
    }
    return value;
  }

  readList(value: unknown, path: FieldPath, isRequired: boolean): unknown[] | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (!Array.isArray(value)) {
      this.report(path, MESSAGES.fieldNotList(String(path)));
      return undefined;
    }
    return value;
  }

  readText(value: unknown, path: FieldPath, isRequired: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (typeof value !== "string") {
      this.report(path, MESSAGES.fieldNotText(String(path)));
      return undefined;
    }
    if (value.trim() === "") {
      this.report(path, MESSAGES.fieldEmptyText(String(path)));
      return undefined;
    }
    return value;
  }

  readNumber(
    value: unknown,
    path: FieldPath,
    options: { isRequired: boolean; isPositive?: boolean },
  ): number | undefined {
    if (value === undefined || value === null) {
      if (options.isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.report(path, MESSAGES.fieldNotNumber(String(path)));
      return undefined;
    }
    if (value < 0) {
      this.report(path, MESSAGES.fieldNegative(String(path)));
      return undefined;
    }
    if (options.isPositive && value === 0) {
      this.report(path, MESSAGES.fieldNotPositive(String(path)));
      return undefined;
    }
    if (value > MAX_QUANTITY) {
      this.report(path, MESSAGES.fieldTooLarge(String(path)));
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
    path: FieldPath,
    options: { isRequired: boolean; isPositive?: boolean },
  ): number | string | undefined {
    if (typeof value !== "string") return this.readNumber(value, path, options);
    if (!QUANTITY_TEXT.test(value)) {
      this.report(
        path,
        value.startsWith("-") && QUANTITY_TEXT.test(value.slice(1))
          ? MESSAGES.fieldNegative(String(path))
          : MESSAGES.fieldNotNumber(String(path)),
      );
      return undefined;
    }
    if (options.isPositive && ZERO_TEXT.test(value)) {
      this.report(path, MESSAGES.fieldNotPositive(String(path)));
      return undefined;
    }
    return value;
  }

  readBoolean(value: unknown, path: FieldPath): boolean | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "boolean") {
      this.report(path, MESSAGES.fieldNotBoolean(String(path)));
      return undefined;
    }
    return value;
  }

  /** invalidMessage: the message for a value that is no date, built only when needed. */
  readDate(
    value: unknown,
    path: FieldPath,
    options: { isRequired: boolean; invalidMessage?: (path: string) => string },
  ): string | undefined {
    if (value === undefined || value === null) {
      if (options.isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (!isIsoDate(value)) {
      this.report(path, (options.invalidMessage ?? MESSAGES.fieldNotDate)(String(path)));
      return undefined;
    }
    return value;
  }

  readMoney(value: unknown, path: FieldPath, isRequired: boolean): string | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (typeof value !== "string" || !isMoneyString(value.trim())) {
      this.report(path, MESSAGES.fieldNotMoney(String(path)));
      return undefined;
    }
    return value.trim();
  }

  readChoice<T extends string>(
    value: unknown,
    path: FieldPath,
    allowed: readonly T[],
    isRequired: boolean,
  ): T | undefined {
    if (value === undefined || value === null) {
      if (isRequired) this.report(path, MESSAGES.fieldMissing(String(path)));
      return undefined;
    }
    if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
      this.report(path, MESSAGES.fieldNotOneOf(String(path), allowed));
      return undefined;
    }
    return value as T;
  }
}

/** Is the value a JSON object (not null, not a list)? */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
