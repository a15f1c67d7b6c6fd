import { describe, expect, it } from "vitest";
import { checkTransition } from "../../src/features/statements/statement-transition-service.ts";

// docs/rules/statements.md#statuses: which roles each transition needs (docs/rules/statements.md#saved-runs: the owner holds both).

describe("checkTransition", () => {
  it("allows the table's transitions to the owner's roles", () => {
    expect(checkTransition("draft", "calculated", ["admin", "billing_manager"], false)).toBeNull();
    expect(checkTransition("validated", "finalized", ["billing_manager"], false)).toBeNull();
    expect(checkTransition("validated", "calculated", ["billing_manager"], false)).toBeNull();
  });

  it("refuses transitions outside the table unless forced", () => {
    expect(checkTransition("draft", "sent", ["admin"], false)).toBe(
      "Der Statuswechsel von „Entwurf“ zu „Versendet“ ist nicht erlaubt.",
    );
    expect(checkTransition("draft", "sent", ["admin"], true)).toBeNull();
  });

  it("needs admin for calculated to draft and admin or billing_manager to finalize, even forced", () => {
    expect(() => checkTransition("calculated", "draft", ["billing_manager"], false)).toThrow(
      "Unzureichende Berechtigung für den Statuswechsel zu „Entwurf“.",
    );
    expect(() => checkTransition("validated", "finalized", [], false)).toThrow(
      "Unzureichende Berechtigung für den Statuswechsel zu „Finalisiert“.",
    );
    expect(() => checkTransition("calculated", "finalized", [], true)).toThrow(
      "Unzureichende Berechtigung",
    );
  });
});
