import { describe, expect, it } from "vitest";
import {
  BILLING_DATA_MESSAGES,
  billingDataBodySchema,
  billingSenderName,
  isValidBic,
} from "../src/billing-data.ts";
import { findIbanProblem, formatIban, normalizeIban } from "../src/iban.ts";

const VALID_BODY = {
  companyName: "HV GmbH",
  firstName: "",
  lastName: "",
  phone: "030 1234567",
  street: "Hauptstraße",
  houseNumber: "1",
  postalCode: "10115",
  city: "Berlin",
  bic: "",
  bankName: "",
};

function readIbanMessages(iban: string): string[] {
  const result = billingDataBodySchema.safeParse({ ...VALID_BODY, iban });
  return result.success
    ? []
    : result.error.issues.filter((issue) => issue.path[0] === "iban").map((issue) => issue.message);
}

describe("IBAN (ISO 13616, MOD 97-10, through ibantools)", () => {
  it("accepts valid IBANs with or without spaces and in lower case", () => {
    expect(findIbanProblem("DE89370400440532013000")).toBeNull();
    expect(findIbanProblem("de89 3704 0044 0532 0130 00")).toBeNull();
    expect(findIbanProblem("AT611904300234573201")).toBeNull();
    expect(findIbanProblem("GB29 NWBK 6016 1331 9268 19")).toBeNull();
  });

  it("rejects a changed digit and swapped check digits as a checksum error, wrong shapes as a format error", () => {
    expect(findIbanProblem("DE89370400440532013001")).toBe("checksum");
    expect(findIbanProblem("DE98370400440532013000")).toBe("checksum");
    expect(findIbanProblem("DE8937040044053201300")).toBe("format");
    expect(findIbanProblem("XX89370400440532013000")).toBe("format");
    expect(findIbanProblem("1234")).toBe("format");
    expect(findIbanProblem("")).toBe("format");
  });

  it("stores a valid German IBAN typed with spaces without them, and accepts a foreign IBAN", () => {
    const german = billingDataBodySchema.parse({
      ...VALID_BODY,
      iban: "de89 3704 0044 0532 0130 00",
    });
    expect(german.iban).toBe("DE89370400440532013000");
    const french = billingDataBodySchema.parse({
      ...VALID_BODY,
      iban: "FR14 2004 1010 0505 0001 3M02 606",
    });
    expect(french.iban).toBe("FR1420041010050500013M02606");
  });

  it("answers a wrong check digit and a wrong length with the German messages", () => {
    expect(readIbanMessages("DE89 3704 0044 0532 0130 01")).toEqual([
      BILLING_DATA_MESSAGES.ibanChecksum,
    ]);
    expect(readIbanMessages("FR14 2004 1010 0505 0001 3M02 607")).toEqual([
      BILLING_DATA_MESSAGES.ibanChecksum,
    ]);
    expect(readIbanMessages("DE89 3704 0044 0532 0130 0")).toEqual([
      BILLING_DATA_MESSAGES.ibanFormat,
    ]);
    expect(readIbanMessages("1234")).toEqual([BILLING_DATA_MESSAGES.ibanFormat]);
    expect(readIbanMessages("")).toEqual([BILLING_DATA_MESSAGES.ibanRequired]);
  });

  it("normalises and prints in groups of four", () => {
    expect(normalizeIban(" de89 3704 ")).toBe("DE893704");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("checks BIC shape and names the sender", () => {
    expect(isValidBic("COBADEFFXXX")).toBe(true);
    expect(isValidBic("COBADEFF")).toBe(true);
    expect(isValidBic("COBADE")).toBe(false);
    expect(billingSenderName({ companyName: null, firstName: "Erika", lastName: "Müller" })).toBe(
      "Erika Müller",
    );
    expect(
      billingSenderName({ companyName: "HV GmbH", firstName: "Erika", lastName: "Müller" }),
    ).toBe("HV GmbH");
  });
});
