import type { FittedTemplateItem } from "@nk/contract";

/** What the user changed in the Quick-Setup list: cost type → ticked or not. */
export type TemplateChoices = ReadonlyMap<string, boolean>;

/**
 * Whether an item is ticked: mandatory ones always; otherwise the user's own choice, and without
 * one what the fit to the house's meters preselects. The fit is read on every render, never
 * copied into state when the dialog mounts: the period's meters may arrive after that, and a
 * copy taken before would keep an item ticked that the house has no meter for (hot water
 * without hot-water meters, seen in the journey under load).
 */
export function isTemplateItemChosen(item: FittedTemplateItem, choices: TemplateChoices): boolean {
  return item.isMandatory || (choices.get(item.costType) ?? item.isPreselected);
}

/** The items the template applies. */
export function listChosenTemplateItems(
  items: FittedTemplateItem[],
  choices: TemplateChoices,
): FittedTemplateItem[] {
  return items.filter((item) => isTemplateItemChosen(item, choices));
}

/** The choices after the user ticks or unticks one item. */
export function toggleTemplateChoice(
  items: FittedTemplateItem[],
  choices: TemplateChoices,
  costType: string,
): TemplateChoices {
  const item = items.find((candidate) => candidate.costType === costType);
  if (!item || item.isMandatory) return choices;
  return new Map(choices).set(costType, !isTemplateItemChosen(item, choices));
}
