import { describe, expect, it } from "vitest";
import { fitTemplateToMeters, QUICK_SETUP_TEMPLATES } from "@nk/contract";
import {
  isTemplateItemChosen,
  listChosenTemplateItems,
  toggleTemplateChoice,
} from "../src/features/statements/lib/template-selection";

const template = QUICK_SETUP_TEMPLATES.standard;
const costTypes = (items: { costType: string }[]) => items.map((item) => item.costType);

describe("Quick-Setup selection", () => {
  it("follows the fit when the period's meters arrive after the dialog was set up (no hot-water meters: no Warmwasser)", () => {
    const noChoices = new Map<string, boolean>();
    // Meters not known yet: the template as it is, Warmwasser ticked and mandatory.
    expect(
      costTypes(listChosenTemplateItems(fitTemplateToMeters(template, null), noChoices)),
    ).toContain("Warmwasser");
    // The meters arrive: heating and cold water only. The same (empty) choices now leave Warmwasser out.
    const fitted = fitTemplateToMeters(template, new Set(["heating", "coldwater"]));
    const chosen = costTypes(listChosenTemplateItems(fitted, noChoices));
    expect(chosen).not.toContain("Warmwasser");
    expect(chosen).toEqual([
      "Heizung",
      "Kaltwasser",
      "Abwasser",
      "Müllabfuhr",
      "Straßenreinigung",
      "Hausmeister",
      "Versicherung",
      "Grundsteuer",
      "Schornsteinfeger",
      "Betriebsstrom",
    ]);
  });

  it("keeps the user's own ticks over the fit, and never unticks a mandatory item", () => {
    const fitted = fitTemplateToMeters(template, new Set(["heating", "coldwater"]));
    let choices = toggleTemplateChoice(fitted, new Map(), "Straßenreinigung");
    choices = toggleTemplateChoice(fitted, choices, "Warmwasser");
    choices = toggleTemplateChoice(fitted, choices, "Heizung");
    const warmwater = fitted.find((item) => item.costType === "Warmwasser")!;
    expect(isTemplateItemChosen(warmwater, choices)).toBe(true);
    const chosen = costTypes(listChosenTemplateItems(fitted, choices));
    expect(chosen).not.toContain("Straßenreinigung");
    expect(chosen).toContain("Heizung");
    // Ticking again undoes it.
    expect(
      costTypes(
        listChosenTemplateItems(fitted, toggleTemplateChoice(fitted, choices, "Straßenreinigung")),
      ),
    ).toContain("Straßenreinigung");
  });
});
