import { describe, expect, it } from "vitest";
import { billingSenderName, formatIban, isValidBic, isValidIban, normalizeIban } from "../src/billing-data.ts";

describe("IBAN (ISO 13616, MOD 97-10)", () => {
  it("accepts valid IBANs with or without spaces and in lower case", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("de89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("AT611904300234573201")).toBe(true);
    expect(isValidIban("GB29 NWBK 6016 1331 9268 19")).toBe(true);
  });

  it("rejects a changed digit, swapped digits and wrong shapes", () => {
    expect(isValidIban("DE89370400440532013001")).toBe(false);
    expect(isValidIban("DE98370400440532013000")).toBe(false);
    expect(isValidIban("DE8937040044053201300")).toBe(false);
    expect(isValidIban("1234")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });

  it("normalises and prints in groups of four", () => {
    expect(normalizeIban(" de89 3704 ")).toBe("DE893704");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });

  it("checks BIC shape and names the sender", () => {
    expect(isValidBic("COBADEFFXXX")).toBe(true);
    expect(isValidBic("COBADEFF")).toBe(true);
    expect(isValidBic("COBADE")).toBe(false);
    expect(billingSenderName({ companyName: null, firstName: "Erika", lastName: "Müller" })).toBe("Erika Müller");
    expect(billingSenderName({ companyName: "HV GmbH", firstName: "Erika", lastName: "Müller" })).toBe("HV GmbH");
  });
});
