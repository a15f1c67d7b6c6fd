import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import {
  getTodayInGermany,
  READING_MESSAGES,
  toDecimalFormValue,
  type BillingPeriod,
} from "@nk/contract";
import {
  BULK_FORM_MESSAGE_FIELD,
  bulkReadingResolver,
  getDefaultReadingDate,
  toBulkFormField,
  toBulkReadingsBody,
  type BulkReadingFormValues,
} from "../src/features/meters/lib/bulk-reading-form";

const PERIOD_ID = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const METER_A = "0b7e6c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d";
const METER_B = "1c8f7d2b-3e4a-4b5c-9d7e-8f9a0b1c2d3e";
const METER_C = "2d9a8e3c-4f5b-4c6d-8e8f-9a0b1c2d3e4f";

function valuesOf(
  readingValues: Record<string, string>,
  readingDate = "2024-12-31",
): BulkReadingFormValues {
  return { billingPeriodId: PERIOD_ID, position: "end", readingDate, readingValues };
}

const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as ResolverOptions<BulkReadingFormValues>;

describe("bulk reading form (section 7 'bulk save')", () => {
  it("sends only the entered values, trimmed, in the order of the meters", () => {
    expect(
      toBulkReadingsBody(valuesOf({ [METER_A]: " 200 ", [METER_B]: "", [METER_C]: "50.5" })),
    ).toEqual({
      billingPeriodId: PERIOD_ID,
      position: "end",
      readingDate: "2024-12-31",
      readings: [
        { meterId: METER_A, readingValue: "200" },
        { meterId: METER_C, readingValue: "50.5" },
      ],
    });
  });

  it("puts a row's message under its meter, though its index counts only the entered values", () => {
    const body = toBulkReadingsBody(valuesOf({ [METER_A]: "", [METER_B]: "1", [METER_C]: "x" }));
    expect(toBulkFormField("readings.1.readingValue", body)).toBe(`readingValues.${METER_C}`);
    expect(toBulkFormField("readings.0.readingValue", body)).toBe(`readingValues.${METER_B}`);
    expect(toBulkFormField("readingDate", body)).toBe("readingDate");
    expect(toBulkFormField("readings", body)).toBe(BULK_FORM_MESSAGE_FIELD);
    expect(toBulkFormField("billingPeriodId", body)).toBe(BULK_FORM_MESSAGE_FIELD);
    expect(toBulkFormField("readings.7.readingValue", body)).toBe(BULK_FORM_MESSAGE_FIELD);
  });

  it("asks for at least one value", async () => {
    const result = await bulkReadingResolver()(
      valuesOf({ [METER_A]: " ", [METER_B]: "" }),
      undefined,
      options,
    );
    expect(
      (result.errors as Record<string, { message?: string }>)[BULK_FORM_MESSAGE_FIELD]?.message,
    ).toBe(READING_MESSAGES.bulkValueRequired);
  });

  it("marks the meter whose value is no number, with the contract's message", async () => {
    const result = await bulkReadingResolver()(
      valuesOf({ [METER_A]: "", [METER_B]: "12", [METER_C]: "abc" }),
      undefined,
      options,
    );
    const errors = result.errors as { readingValues?: Record<string, { message?: string }> };
    expect(errors.readingValues?.[METER_C]?.message).toBe(READING_MESSAGES.notANumber);
    expect(errors.readingValues?.[METER_B]).toBeUndefined();
  });

  it("refuses a reading date after today", async () => {
    const nextYear = `${Number(getTodayInGermany().slice(0, 4)) + 1}-01-01`;
    const result = await bulkReadingResolver()(
      valuesOf({ [METER_A]: "1" }, nextYear),
      undefined,
      options,
    );
    expect((result.errors as { readingDate?: { message?: string } }).readingDate?.message).toBe(
      READING_MESSAGES.futureDate,
    );
  });

  it("hands over the body the server reads: the canonical text the number field made of '1.020' and '12.345,678'", async () => {
    const result = await bulkReadingResolver()(
      valuesOf({
        [METER_A]: toDecimalFormValue("1.020"),
        [METER_B]: "",
        [METER_C]: toDecimalFormValue("12.345,678"),
      }),
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      billingPeriodId: PERIOD_ID,
      readings: [
        { meterId: METER_A, readingValue: "1020" },
        { meterId: METER_C, readingValue: "12345.678" },
      ],
    });
  });

  it("refuses an ambiguous point instead of storing 1,5 or 1.500", async () => {
    const result = await bulkReadingResolver()(
      valuesOf({ [METER_A]: toDecimalFormValue("1.5") }),
      undefined,
      options,
    );
    const errors = result.errors as { readingValues?: Record<string, { message?: string }> };
    expect(errors.readingValues?.[METER_A]?.message).toBe(READING_MESSAGES.notANumber);
  });

  it("starts at the period's end, or today while the period runs", () => {
    const today = getTodayInGermany();
    expect(getDefaultReadingDate({ billingPeriodEnd: "2024-12-31" } as BillingPeriod)).toBe(
      "2024-12-31",
    );
    expect(getDefaultReadingDate({ billingPeriodEnd: "2999-12-31" } as BillingPeriod)).toBe(today);
    expect(getDefaultReadingDate(undefined)).toBe(today);
  });
});
