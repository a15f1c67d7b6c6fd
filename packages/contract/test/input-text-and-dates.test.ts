import { describe, expect, it } from "vitest";
import { calendarDate, findTextProblem, isCalendarDate, optionalText } from "../src/index.ts";

describe("text rules (issue 15)", () => {
  it("refuses control characters and unpaired surrogates, allows line breaks only in multi-line text", () => {
    expect(findTextProblem("a\u0000b")).toBe("Der Text enthält unzulässige Steuerzeichen.");
    expect(findTextProblem("a\u001bb", { multiLine: true })).toBe(
      "Der Text enthält unzulässige Steuerzeichen.",
    );
    expect(findTextProblem("Haus \ud800")).toBe("Der Text enthält ein ungültiges Zeichen.");
    expect(findTextProblem("\udc00 Haus")).toBe("Der Text enthält ein ungültiges Zeichen.");
    expect(findTextProblem("Zeile\nZeile")).toBe(
      "Zeilenumbrüche sind in diesem Feld nicht erlaubt.",
    );
    expect(findTextProblem("Zeile\nZeile\tEnde", { multiLine: true })).toBeNull();
    expect(findTextProblem("Müller-Lüdenscheidt 🏠 €")).toBeNull();
  });

  it("optionalText refuses them with the German message", () => {
    expect(optionalText().safeParse("a\u0000").error?.issues[0]?.message).toBe(
      "Der Text enthält unzulässige Steuerzeichen.",
    );
    expect(optionalText({ multiLine: true }).parse(" a\nb ")).toBe("a\nb");
  });
});

describe("calendar dates (issue 15)", () => {
  it("are real dates between 1900-01-01 and 2199-12-31", () => {
    for (const ok of ["1900-01-01", "2024-02-29", "2199-12-31"])
      expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of [
      "0000-01-01",
      "1899-12-31",
      "2200-01-01",
      "2023-02-29",
      "2024-13-01",
      "2024-1-01",
      "9999-12-31",
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(calendarDate("Datum ungültig").safeParse("0000-01-01").error?.issues[0]?.message).toBe(
      "Datum ungültig",
    );
  });
});
