import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  compareDecimalText,
  decimalTextSchema,
  describeAmbiguousDecimal,
  formatAreaDe,
  formatDecimalTextDe,
  formatEuroDe,
  optionalBoundedDecimalTextSchema,
  optionalDecimalTextSchema,
  parseDecimalInput,
  parseDecimalText,
  readDecimalInput,
  subtractDecimalText,
  sumDecimalTexts,
  toDecimalFormValue,
  toScaledBigInt,
  wholeNumberSchema,
} from "../src/index.ts";

const MESSAGES = {
  required: "fehlt",
  notANumber: "keine Zahl",
  negative: "negativ",
  tooManyDecimals: "zu genau",
  tooLarge: "zu groß",
};

describe("reading German user text (the decimal field, decision 1000)", () => {
  it.each([
    ["66,75", "66.75"],
    [" 12,5 ", "12.5"],
    ["1020", "1020"],
    ["1.020", "1020"],
    ["48.000", "48000"],
    ["1.234,56", "1234.56"],
    ["12.345,678", "12345.678"],
    ["1.048,5", "1048.5"],
    ["1.250,00", "1250.00"],
    ["1.234.567,8", "1234567.8"],
    ["1.234.567", "1234567"],
    ["0,5", "0.5"],
    ["1234,5", "1234.5"],
    ["-3,5", "-3.5"],
    ["0,001", "0.001"],
  ])("%j is %s", (input, output) => {
    expect(parseDecimalInput(input)).toBe(output);
    expect(readDecimalInput(input)).toEqual({ kind: "value", value: output });
  });

  it.each(["1.5", "1.50", "1.5000", "0.5", "0.500", "1234.5", "12.34", "66.75", "01.234"])(
    "asks about %j: a point that cannot group thousands",
    (input) => {
      expect(readDecimalInput(input)).toEqual({ kind: "ambiguous" });
      expect(parseDecimalInput(input)).toBeNull();
      expect(describeAmbiguousDecimal(input)).toContain(`„${input}“ ist nicht eindeutig`);
      expect(describeAmbiguousDecimal(input)).toContain(input.replace(".", ","));
    },
  );

  it.each([
    "abc",
    "1,2,3",
    "1.23,4",
    "12.34.5",
    "1.2345.678",
    ",5",
    "5,",
    ".5",
    "5.",
    "1 234",
    "1e3",
    "+5",
    "12,5.3",
    "--1",
    "1.234,",
  ])("refuses %j", (input) => {
    expect(readDecimalInput(input)).toEqual({ kind: "invalid" });
  });

  it("empty text is empty, not zero", () => {
    expect(readDecimalInput("  ")).toEqual({ kind: "empty" });
    expect(toDecimalFormValue("")).toBe("");
  });

  it("the form gets canonical text, or a mark no schema reads as a value", () => {
    expect(toDecimalFormValue("1.020")).toBe("1020");
    expect(toDecimalFormValue("12.345,678")).toBe("12345.678");
    const money = decimalTextSchema("money", MESSAGES);
    for (const unreadable of ["1.5", "abc", "1,2,3"]) {
      const value = toDecimalFormValue(unreadable);
      expect(parseDecimalText(value)).toBeNull();
      expect(money.safeParse(value).error?.issues[0]?.message).toBe("keine Zahl");
    }
  });
});

describe("parse(format(x)) = x", () => {
  // Random values from 0 to 10^9 with up to 6 decimals, shown with any minimum of decimals.
  const canonicalValue = fc
    .tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.stringMatching(/^\d{0,6}$/))
    .map(([whole, fraction]) => (fraction === "" ? String(whole) : `${whole}.${fraction}`));

  it("the field reads every value it shows back to the same value", () => {
    fc.assert(
      fc.property(canonicalValue, fc.integer({ min: 0, max: 6 }), (value, minDecimals) => {
        const shown = formatDecimalTextDe(value, minDecimals);
        const read = parseDecimalInput(shown);
        expect(read).not.toBeNull();
        expect(compareDecimalText(read!, value)).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });

  it("the canonical text the field hands on is read by the server as the same value", () => {
    const reading = decimalTextSchema("unitPrice", MESSAGES);
    fc.assert(
      fc.property(
        canonicalValue.filter((value) => value.split(".")[0]!.length <= 8),
        (value) => {
          const sent = toDecimalFormValue(formatDecimalTextDe(value));
          expect(compareDecimalText(reading.parse(sent), value)).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("reading canonical text (the API)", () => {
  it.each([
    ["66.75", "66.75"],
    ["1.020", "1.020"],
    [" 12.5 ", "12.5"],
    ["-3", "-3"],
  ])("%j is %s", (input, output) => {
    expect(parseDecimalText(input)).toBe(output);
  });

  it.each(["66,75", "1.234,56", "1.234.567", "1e3", ".5", "5.", "+5", ""])(
    "refuses %j",
    (input) => {
      expect(parseDecimalText(input)).toBeNull();
    },
  );

  it("takes JSON numbers as their text", () => {
    expect(parseDecimalText(66.75)).toBe("66.75");
    expect(parseDecimalText(7)).toBe("7");
    expect(parseDecimalText(Number.NaN)).toBeNull();
    expect(parseDecimalText(1e21)).toBeNull();
  });
});

describe("schemas per kind", () => {
  it("money: 2 decimals, 10 integer digits; the output is the canonical text", () => {
    const money = decimalTextSchema("money", MESSAGES);
    expect(money.parse("66.75")).toBe("66.75");
    expect(money.parse("1234.5")).toBe("1234.5");
    expect(money.parse(0)).toBe("0");
    expect(money.parse("-0")).toBe("0");
    expect(money.safeParse("1.234").error?.issues[0]?.message).toBe("zu genau");
    expect(money.safeParse("12345678901").error?.issues[0]?.message).toBe("zu groß");
    expect(money.safeParse("-1").error?.issues[0]?.message).toBe("negativ");
    expect(money.safeParse(" ").error?.issues[0]?.message).toBe("fehlt");
    expect(money.safeParse(true).error?.issues[0]?.message).toBe("fehlt");
    expect(money.safeParse("zwölf").error?.issues[0]?.message).toBe("keine Zahl");
  });

  it("refuses German text the web app would read differently: the server never guesses", () => {
    const reading = decimalTextSchema("reading", MESSAGES);
    for (const german of ["1.234,56", "12.345,678", "1.020.000", "66,75", "1,5"]) {
      expect(reading.safeParse(german).error?.issues[0]?.message).toBe("keine Zahl");
    }
  });

  it("refuses zero when the kind needs a positive value", () => {
    const area = decimalTextSchema("area", { ...MESSAGES, zero: "größer als 0" });
    expect(area.safeParse("0.00").error?.issues[0]?.message).toBe("größer als 0");
    expect(area.parse("0.01")).toBe("0.01");
    expect(area.safeParse("123456789").error?.issues[0]?.message).toBe("zu groß");
  });

  it("readings and consumption: 3 decimals; unit prices: 6", () => {
    expect(decimalTextSchema("reading", MESSAGES).parse("12345.678")).toBe("12345.678");
    expect(decimalTextSchema("reading", MESSAGES).safeParse("1.2345").success).toBe(false);
    expect(decimalTextSchema("unitPrice", MESSAGES).parse("0.345678")).toBe("0.345678");
    expect(decimalTextSchema("unitPrice", MESSAGES).safeParse("0.3456789").success).toBe(false);
  });

  it("optional values: empty becomes null, anything else is checked", () => {
    const optional = optionalDecimalTextSchema("money", MESSAGES);
    expect(optional.parse("")).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse("11.80")).toBe("11.80");
    expect(optional.safeParse("x").error?.issues[0]?.message).toBe("keine Zahl");
  });

  it("bounded decimals for the engine (percentages, factors) stay text; whole numbers are read the same way", () => {
    const percent = optionalBoundedDecimalTextSchema("percent", "0 bis 100", "100");
    expect(percent.parse("70")).toBe("70");
    expect(percent.parse("62.55")).toBe("62.55");
    expect(percent.parse(70)).toBe("70");
    expect(percent.parse("100.00")).toBe("100.00");
    const factor = optionalBoundedDecimalTextSchema("factor", "0 bis 1", "1");
    // Decision 1640: six decimals as typed, never through a double.
    expect(factor.parse("0.200001")).toBe("0.200001");
    expect(factor.safeParse("0.2000001").error?.issues[0]?.message).toBe("0 bis 1");
    expect(percent.parse("")).toBeNull();
    for (const bad of ["100.01", "62,5", "-1", "1.234"])
      expect(percent.safeParse(bad).error?.issues[0]?.message).toBe("0 bis 100");
    const persons = wholeNumberSchema("ganze Zahl", 0, 999);
    expect(persons.parse("3")).toBe(3);
    expect(persons.parse(3)).toBe(3);
    for (const bad of ["2.5", "1000", "-1", "", "1.000"])
      expect(persons.safeParse(bad).success).toBe(false);
  });
});

describe("exact arithmetic", () => {
  it("compares without floats", () => {
    expect(compareDecimalText("99.999", "100")).toBe(-1);
    expect(compareDecimalText("100.000", "100")).toBe(0);
    expect(compareDecimalText("0.3", "0.29999999")).toBe(1);
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
