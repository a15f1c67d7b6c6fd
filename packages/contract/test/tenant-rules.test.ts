import { describe, expect, it } from "vitest";
import {
  buildCreateTenantBodySchema,
  hasReachedAge,
  isPrepaymentOverlapping,
  isValidGermanPhone,
  listPrepaymentWarnings,
  prepaymentBodySchema,
} from "../src/index.ts";

describe("tenant rules", () => {
  it("counts the age from the birthday on, 29 February from 1 March", () => {
    expect(hasReachedAge("2006-05-10", "2024-05-10")).toBe(true);
    expect(hasReachedAge("2006-05-10", "2024-05-09")).toBe(false);
    expect(hasReachedAge("2004-02-29", "2022-02-28")).toBe(false);
    expect(hasReachedAge("2004-02-29", "2022-03-01")).toBe(true);
  });

  it("accepts +49 or 0, a non-zero digit and 1 to 14 digits after removing separators", () => {
    for (const phone of ["+49 521 123456", "0521/123456", "(030) 12-34", "012", "0123456789012345"])
      expect(isValidGermanPhone(phone), phone).toBe(true);
    for (const phone of ["01", "0012", "+49012", "01234567890123456", "+43 1 2345", "0521 12a"])
      expect(isValidGermanPhone(phone), phone).toBe(false);
  });

  it("checks the age against the given today", () => {
    const schema = buildCreateTenantBodySchema(() => "2024-06-01");
    const base = { name: "Ada", unitId: "u", moveInDate: "2024-01-01" };
    expect(schema.safeParse({ ...base, birthDate: "2006-06-01" }).success).toBe(true);
    const young = schema.safeParse({ ...base, birthDate: "2006-06-02" });
    expect(young.error?.issues.map((i) => i.message)).toEqual([
      "Person muss mindestens 18 Jahre alt sein",
    ]);
  });
});

describe("prepayment rules", () => {
  it("warns strictly above 10,000 EUR", () => {
    expect(listPrepaymentWarnings("10000.00")).toEqual([]);
    expect(listPrepaymentWarnings("10000.01")).toEqual([
      "Vorauszahlungsbetrag erscheint ungewöhnlich hoch (> 10.000 €)",
    ]);
  });

  it("treats an open end as 2099-12-31 and both ends as inclusive", () => {
    const open = { validFrom: "2024-01-01", validUntil: null };
    expect(isPrepaymentOverlapping(open, { validFrom: "2099-12-31", validUntil: null })).toBe(true);
    expect(isPrepaymentOverlapping(open, { validFrom: "2100-01-01", validUntil: null })).toBe(
      false,
    );
    expect(
      isPrepaymentOverlapping(open, { validFrom: "2023-01-01", validUntil: "2024-01-01" }),
    ).toBe(true);
    expect(
      isPrepaymentOverlapping(open, { validFrom: "2023-01-01", validUntil: "2023-12-31" }),
    ).toBe(false);
  });

  it("normalises the amount and requires the end after the start", () => {
    expect(
      prepaymentBodySchema.parse({
        monthlyAmount: "12.5",
        validFrom: "2024-01-01",
        validUntil: "",
      }),
    ).toEqual({
      monthlyAmount: "12.5",
      validFrom: "2024-01-01",
      validUntil: null,
    });
    const same = prepaymentBodySchema.safeParse({
      monthlyAmount: "1",
      validFrom: "2024-01-01",
      validUntil: "2024-01-01",
    });
    expect(same.error?.issues.map((i) => i.message)).toEqual([
      "Enddatum muss nach dem Startdatum liegen",
    ]);
  });
});
