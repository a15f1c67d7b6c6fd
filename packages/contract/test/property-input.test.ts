import { describe, expect, it } from "vitest";
import {
  areaSchema,
  joinAddress,
  normalizePostalCodeInput,
  personsSchema,
  propertyCreateBodySchema,
} from "../src/property-input.ts";

describe("joinAddress (specification part 1, section 3)", () => {
  it("joins street and number, addition, postal code and city, state, country with ', '", () => {
    expect(
      joinAddress({
        street: "Parkstraße",
        houseNumber: "12a",
        addressAddition: "Hinterhaus",
        postalCode: "33602",
        city: "Bielefeld",
        state: "Nordrhein-Westfalen",
        country: "Deutschland",
      }),
    ).toBe("Parkstraße 12a, Hinterhaus, 33602 Bielefeld, Nordrhein-Westfalen, Deutschland");
  });

  it("skips empty parts", () => {
    expect(
      joinAddress({
        street: "Seeweg",
        houseNumber: " ",
        addressAddition: "",
        postalCode: "",
        city: "Berlin",
        state: null,
        country: "Deutschland",
      }),
    ).toBe("Seeweg, Berlin, Deutschland");
  });
});

describe("property and unit input rules (section 5)", () => {
  it("keeps only the first 5 digits of a postal code input", () => {
    expect(normalizePostalCodeInput("33a6-0299")).toBe("33602");
    expect(normalizePostalCodeInput("")).toBe("");
  });

  it("trims values, turns empty optionals into null and requires 5 digits in Germany", () => {
    const base = {
      name: " Haus ",
      street: "Weg",
      houseNumber: "1",
      postalCode: "12345",
      city: "Ort",
      country: "Deutschland",
      propertyType: "Gewerbeobjekt",
    };
    expect(
      propertyCreateBodySchema.parse({ ...base, addressAddition: " ", state: "" }),
    ).toMatchObject({ name: "Haus", addressAddition: null, state: null });
    const result = propertyCreateBodySchema.safeParse({ ...base, postalCode: "1234" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["postalCode", "Postleitzahl muss 5 Ziffern haben"],
    ]);
  });

  it.each([
    ["62.5", "62.5"],
    [62.55, "62.55"],
    ["0.1", "0.1"],
  ])("accepts the area %s as the exact decimal %s", (input, output) => {
    expect(areaSchema.parse(input)).toBe(output);
  });

  it.each([
    [0, "Fläche muss größer als 0 sein"],
    ["-3", "Fläche muss größer als 0 sein"],
    ["", "Fläche ist erforderlich"],
    ["abc", "Fläche muss eine Zahl sein"],
    ["1.005", "Fläche darf höchstens 2 Nachkommastellen haben"],
    ["123456789", "Fläche ist zu groß"],
  ])("refuses the area %s: %s", (input, message) => {
    expect(areaSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });

  it("takes persons as a whole number of at least 1", () => {
    expect(personsSchema.parse("3")).toBe(3);
    expect(personsSchema.safeParse(0).error?.issues[0]?.message).toBe(
      "Personenanzahl muss größer als 0 sein",
    );
    expect(personsSchema.safeParse("1.5").error?.issues[0]?.message).toBe(
      "Personenanzahl muss eine ganze Zahl sein",
    );
  });
});
