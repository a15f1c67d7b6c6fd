import { useState } from "react";
import {
  estimateTemplateAmounts,
  fitTemplateToMeters,
  formatEuroDe,
  getRecommendedTemplateId,
  QUICK_SETUP_MESSAGES,
  QUICK_SETUP_TEMPLATE_IDS,
  QUICK_SETUP_TEMPLATES,
  type FittedTemplateItem,
  type QuickSetupTemplate,
  type QuickSetupTemplateId,
} from "@nk/contract";
import { DISTRIBUTION_KEY_LABELS, type MeterKind } from "@nk/engine";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SimpleDialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import {
  isTemplateItemChosen,
  listChosenTemplateItems,
  toggleTemplateChoice,
  type TemplateChoices,
} from "../lib/template-selection";

export interface QuickSetupChoice {
  template: QuickSetupTemplate;
  items: FittedTemplateItem[];
}

/**
 * Quick-Setup (docs/rules/statements.md#wizard, docs/rules/statements.md#statement-checks, docs/rules/statements.md#statement-constants): the template the property type recommends is
 * preselected; optional items can be unticked, mandatory ones not; at least one is applied.
 * Issue 27: the items are fitted to the house's meters (`fitTemplateToMeters`), and the
 * estimate per m² is shown for orientation only: the applied items start without an amount,
 * so no guessed figure can reach a letter unnoticed.
 */
export function QuickSetupDialog({
  isOpen,
  onOpenChange,
  propertyType,
  totalArea,
  meterKinds,
  onApply,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  propertyType: string;
  totalArea: string;
  /** The meter kinds of the period's unit meters; null while unknown (no period stored yet). */
  meterKinds: ReadonlySet<MeterKind> | null;
  onApply: (choice: QuickSetupChoice) => void;
}) {
  const recommendedId = getRecommendedTemplateId(propertyType);
  const [templateId, setTemplateId] = useState<QuickSetupTemplateId>(recommendedId);
  const template = QUICK_SETUP_TEMPLATES[templateId];
  const fitted = fitTemplateToMeters(template, meterKinds);
  const [choices, setChoices] = useState<TemplateChoices>(() => new Map());
  const [error, setError] = useState<string | null>(null);
  const selected = listChosenTemplateItems(fitted, choices);
  const amounts = estimateTemplateAmounts(
    template,
    totalArea,
    selected.map((item) => item.costType),
  );

  function chooseTemplate(id: QuickSetupTemplateId): void {
    setTemplateId(id);
    setChoices(new Map());
    setError(null);
  }

  function toggle(costType: string): void {
    setError(null);
    setChoices((current) => toggleTemplateChoice(fitted, current, costType));
  }

  function apply(): void {
    if (selected.length === 0) {
      setError(QUICK_SETUP_MESSAGES.noneSelected);
      return;
    }
    onApply({ template, items: selected });
    onOpenChange(false);
  }

  return (
    <SimpleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Quick-Setup: Vorlage wählen"
      description={QUICK_SETUP_MESSAGES.estimateHint}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Abbrechen
          </Button>
          <Button onClick={apply}>Vorlage übernehmen</Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="sr-only">Vorlage</legend>
          {QUICK_SETUP_TEMPLATE_IDS.map((id) => {
            const option = QUICK_SETUP_TEMPLATES[id];
            return (
              <label
                key={id}
                className={cn(
                  "flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                  id === templateId ? "border-brand-500 bg-brand-50" : "border-slate-200",
                )}
              >
                <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
                  <input
                    type="radio"
                    name="quick-setup-template"
                    className="accent-brand-700"
                    checked={id === templateId}
                    onChange={() => chooseTemplate(id)}
                  />
                  {/* "Wohnungseigentümergemeinschaft" is wider than a third of the dialog: hyphenated. */}
                  <span lang="de" className="min-w-0 hyphens-auto break-words">
                    {option.name}
                  </span>
                </span>
                {id === recommendedId ? (
                  <Badge variant="success" className="self-start">
                    {QUICK_SETUP_MESSAGES.recommended}
                  </Badge>
                ) : null}
                <span className="text-xs text-slate-600">{option.description}</span>
              </label>
            );
          })}
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">Kostenpositionen</legend>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {fitted.map((item) => {
              const isChecked = isTemplateItemChosen(item, choices);
              return (
                <li
                  key={item.costType}
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
                >
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={isChecked}
                      disabled={item.isMandatory}
                      onChange={() => toggle(item.costType)}
                    />
                    <span className="font-medium text-slate-900">{item.costType}</span>
                    {item.isMandatory ? (
                      <Badge variant="brand">{QUICK_SETUP_MESSAGES.mandatoryHint}</Badge>
                    ) : null}
                  </label>
                  <span className="text-xs text-slate-500">
                    {DISTRIBUTION_KEY_LABELS[item.key]}
                    {item.consumptionShare !== null
                      ? ` ${100 - item.consumptionShare}/${item.consumptionShare}`
                      : ""}
                    {isChecked && amounts[item.costType]
                      ? ` · Schätzung ca. ${formatEuroDe(amounts[item.costType]!)}`
                      : ""}
                  </span>
                  {item.fitNote ? (
                    <span className="w-full text-xs text-amber-800">{item.fitNote}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
        {error ? <Alert variant="error">{error}</Alert> : null}
      </div>
    </SimpleDialog>
  );
}
