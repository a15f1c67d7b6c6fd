import { describe, expect, it } from "vitest";
import {
  compareDecimalText,
  decimalTextSchema,
  formatAreaDe,
  formatDecimalTextDe,
  formatEuroDe,
  optionalDecimalTextSchema,
  parseDecimalInput,
  subtractDecimalText,
  sumDecimalTexts,
  toScaledBigInt,
} from "../src/index.ts";

const MESSAGES = { required: "fehlt", notANumber: "keine Zahl", negative: "negativ", tooManyDecimals: "zu genau", tooLarge: "zu groß" };

describe("reading user text (German comma or point)", () => {
  it.each([
    ["66,75", "66.75"],
    ["66.75", "66.75"],
    [" 12,5 ", "12.5"],
    ["1.234,56", "1234.56"],
    ["1.234.567,8", "1234567.8"],
    ["1.234.567", "1234567"],
    ["1234", "1234"],
    ["-3,5", "-3.5"],
    ["0,001", "0.001"],
  ])("%j is %s", (input, output) => {
    expect(parseDecimalInput(input)).toBe(output);
  });

  it("a single point is the decimal point, never a thousands separator", () => {
    expect(parseDecimalInput("1.234")).toBe("1.234");
  });

  it.each(["", "abc", "1,2,3", "1.23,4", "12.34.5", ",5", "5,", ".5", "5.", "1 234", "1e3", "+5", "12,5.3", "--1"])("refuses %j", (input) => {
    expect(parseDecimalInput(input)).toBeNull();
  });

  it("takes JSON numbers as their text", () => {
    expect(parseDecimalInput(66.75)).toBe("66.75");
    expect(parseDecimalInput(7)).toBe("7");
    expect(parseDecimalInput(Number.NaN)).toBeNull();
    expect(parseDecimalInput(1e21)).toBeNull();
  });
});

describe("schemas per kind", () => {
  it("money: 2 decimals, 10 integer digits; the output is the canonical text", () => {
    const money = decimalTextSchema("money", MESSAGES);
    expect(money.parse("66,75")).toBe("66.75");
    expect(money.parse("1.234,5")).toBe("1234.5");
    expect(money.parse(0)).toBe("0");
    expect(money.parse("-0")).toBe("0");
    expect(money.safeParse("1,234").error?.issues[0]?.message).toBe("zu genau");
    expect(money.safeParse("12345678901").error?.issues[0]?.message).toBe("zu groß");
    expect(money.safeParse("-1").error?.issues[0]?.message).toBe("negativ");
    expect(money.safeParse(" ").error?.issues[0]?.message).toBe("fehlt");
    expect(money.safeParse(true).error?.issues[0]?.message).toBe("fehlt");
    expect(money.safeParse("zwölf").error?.issues[0]?.message).toBe("keine Zahl");
  });

  it("refuses zero when the kind needs a positive value", () => {
    const area = decimalTextSchema("area", { ...MESSAGES, zero: "größer als 0" });
    expect(area.safeParse("0,00").error?.issues[0]?.message).toBe("größer als 0");
    expect(area.parse("0,01")).toBe("0.01");
    expect(area.safeParse("123456789").error?.issues[0]?.message).toBe("zu groß");
  });

  it("readings and consumption: 3 decimals; unit prices: 6", () => {
    expect(decimalTextSchema("reading", MESSAGES).parse("12.345,678")).toBe("12345.678");
    expect(decimalTextSchema("reading", MESSAGES).safeParse("1,2345").success).toBe(false);
    expect(decimalTextSchema("unitPrice", MESSAGES).parse("0,345678")).toBe("0.345678");
    expect(decimalTextSchema("unitPrice", MESSAGES).safeParse("0,3456789").success).toBe(false);
  });

  it("optional values: empty becomes null, anything else is checked", () => {
    const optional = optionalDecimalTextSchema("money", MESSAGES);
    expect(optional.parse("")).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse("11,80")).toBe("11.80");
    expect(optional.safeParse("x").error?.issues[0]?.message).toBe("keine Zahl");
  });
});

describe("exact arithmetic", () => {
  it("compares without floats", () => {
    expect(compareDecimalText("99.999", "100")).toBe(-1);
    expect(compareDecimalText("100.000", "100")).toBe(0);
    expect(compareDecimalText("0.3", "0.29999999")).toBe(1);
    expect(compareDecimalText("0,3", "0.3")).toBe(0);
  });

  it("scales, subtracts and sums exactly", () => {
    expect(toScaledBigInt("0.1", 2)).toBe(10n);
    expect(toScaledBigInt("-5.05", 2)).toBe(-505n);
    expect(toScaledBigInt("1.234", 2)).toBeNull();
    expect(subtractDecimalText("12.5", "10")).toBe("2.500");
    expect(subtractDecimalText("10", "12.5", 1)).toBe("-2.5");
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(sumDecimalTexts(["0.1", "0.2"], 2)).toBe("0.30");
    expect(sumDecimalTexts(["62.5", "40.10"], 2)).toBe("102.60");
    expect(sumDecimalTexts([], 2)).toBe("0.00");
  });
});

describe("de-DE display", () => {
  it("formats exactly as given, grouped, trailing zeros dropped above the minimum", () => {
    expect(formatDecimalTextDe("1234567.500")).toBe("1.234.567,5");
    expect(formatDecimalTextDe("0.35", 2)).toBe("0,35");
    expect(formatDecimalTextDe("12.000")).toBe("12");
    expect(formatDecimalTextDe("-1234.5", 2)).toBe("-1.234,50");
  });

  it("money with the euro sign and areas in m²", () => {
    expect(formatEuroDe("1234.5")).toBe("1.234,50 €");
    expect(formatEuroDe("0.345678")).toBe("0,345678 €");
    expect(formatEuroDe("150")).toBe("150,00 €");
    expect(formatAreaDe("72.5")).toBe("72,50 m²");
  });
});
