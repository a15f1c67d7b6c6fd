import { useState } from "react";
import { formatEuroDe } from "@nk/contract";
import { DISTRIBUTION_KEY_LABELS, type DistributionKey } from "@nk/engine";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { SimpleDialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { QUICK_SETUP_NEEDS_ITEM } from "../lib/wizard-messages";

/** A template as the dialog shows it; amounts are the estimates for the property's area. */
export interface TemplateChoice {
  key: string;
  name: string;
  description: string;
  isRecommended: boolean;
  items: { costType: string; key: DistributionKey; consumptionShare: number | null; isMandatory: boolean; estimatedAmount: string }[];
}

/**
 * Quick-Setup (part 2, sections 2.1, 5, 9): pick a template, untick optional items (mandatory
 * ones stay ticked), apply at least one; the items arrive with the estimated amounts.
 */
export function QuickSetupDialog({
  isOpen,
  onOpenChange,
  templates,
  onApply,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  templates: TemplateChoice[];
  onApply: (template: TemplateChoice, chosen: TemplateChoice["items"]) => void;
}) {
  const recommended = templates.find((t) => t.isRecommended) ?? templates[0];
  const [templateKey, setTemplateKey] = useState<string | undefined>(recommended?.key);
  const template = templates.find((t) => t.key === templateKey) ?? recommended;
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  function chooseTemplate(key: string): void {
    setTemplateKey(key);
    setUnticked(new Set());
    setError(null);
  }

  function toggle(costType: string): void {
    setError(null);
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(costType)) next.delete(costType);
      else next.add(costType);
      return next;
    });
  }

  function apply(): void {
    if (!template) return;
    const chosen = template.items.filter((item) => item.isMandatory || !unticked.has(item.costType));
    if (chosen.length === 0) {
      setError(QUICK_SETUP_NEEDS_ITEM);
      return;
    }
    onApply(template, chosen);
    onOpenChange(false);
  }

  return (
    <SimpleDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Quick-Setup: Vorlage wählen"
      description="Die Vorlage legt die üblichen Kostenpositionen mit Schlüsseln und geschätzten Beträgen an. Passen Sie die Beträge danach an Ihre Rechnungen an."
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
          {templates.map((t) => (
            <label
              key={t.key}
              className={cn(
                "flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
                t.key === template?.key ? "border-brand-500 bg-brand-50" : "border-slate-200",
              )}
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                <input type="radio" name="quick-setup-template" className="accent-brand-700" checked={t.key === template?.key} onChange={() => chooseTemplate(t.key)} />
                {t.name}
              </span>
              {t.isRecommended ? <Badge variant="success" className="self-start">Empfohlen</Badge> : null}
              <span className="text-xs text-slate-500">{t.description}</span>
            </label>
          ))}
        </fieldset>
        {template ? (
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-medium text-slate-700">Kostenpositionen</legend>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {template.items.map((item) => (
                <li key={item.costType} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={item.isMandatory || !unticked.has(item.costType)}
                      disabled={item.isMandatory}
                      onChange={() => toggle(item.costType)}
                    />
                    <span className="font-medium text-slate-900">{item.costType}</span>
                    {item.isMandatory ? <Badge variant="brand">Pflicht</Badge> : null}
                  </label>
                  <span className="text-xs text-slate-500">
                    {DISTRIBUTION_KEY_LABELS[item.key]}
                    {item.consumptionShare !== null ? ` ${100 - item.consumptionShare}/${item.consumptionShare}` : ""} · ca. {formatEuroDe(item.estimatedAmount)}
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {error ? <Alert variant="error">{error}</Alert> : null}
      </div>
    </SimpleDialog>
  );
}
