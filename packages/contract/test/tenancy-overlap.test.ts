import { describe, expect, it } from "vitest";
import { buildTenancyOverlapMessage } from "../src/tenancy-overlap.ts";

// Decision 0980; the rule itself is tested on both databases in the server's data-entry suite.
describe("buildTenancyOverlapMessage", () => {
  it("names the other tenant, an open tenancy and the way on", () => {
    expect(
      buildTenancyOverlapMessage({ name: "Anna Alt", moveInDate: "2023-01-01", moveOutDate: null }),
    ).toBe(
      "Die Wohneinheit ist seit 01.01.2023 (ohne Auszugsdatum) an „Anna Alt“ vermietet; Mietzeiträume einer Wohneinheit dürfen sich nicht überschneiden. Tragen Sie zuerst ein Auszugsdatum für „Anna Alt“ ein (Als ausgezogen markieren).",
    );
  });

  it("names the range of a closed tenancy", () => {
    expect(
      buildTenancyOverlapMessage({
        name: "Anna Alt",
        moveInDate: "2022-01-01",
        moveOutDate: "2024-03-31",
      }),
    ).toBe(
      "Die Wohneinheit ist vom 01.01.2022 bis 31.03.2024 an „Anna Alt“ vermietet; Mietzeiträume einer Wohneinheit dürfen sich nicht überschneiden. Wählen Sie ein Einzugsdatum nach dem Auszug oder ändern Sie die Daten des anderen Mieters.",
    );
  });
});
