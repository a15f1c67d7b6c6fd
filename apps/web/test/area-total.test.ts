import { describe, expect, it } from "vitest";
import { sumAreas } from "../src/features/properties/area-total";

describe("sumAreas (wizard summary, 2 decimals)", () => {
  it("adds decimal strings exactly", () => {
    expect(sumAreas(["62.5", "70.25"])).toBe("132.75");
    expect(sumAreas(["0.1", "0.2"])).toBe("0.30");
    expect(sumAreas(["40"])).toBe("40.00");
    expect(sumAreas([])).toBe("0.00");
  });
});
