import { Link } from "react-router";
import { Check } from "lucide-react";
import { PLANS, type PlanDefinition } from "@nk/contract";
import { buttonStyles } from "../../../components/ui/button";
import { formatCurrency } from "../../../lib/format";
import { cn } from "../../../lib/cn";

const LANDING_PLANS: PlanDefinition[] = [
  PLANS.starter,
  PLANS.professional,
  PLANS.enterprise,
  PLANS.enterprise_plus,
];
const SHOWN_FEATURE_COUNT = 4;

function PlanPrice({ plan }: { plan: PlanDefinition }) {
  if (plan.priceEurPerMonth > 0) {
    return (
      <p className="mt-4">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          {formatCurrency(String(plan.priceEurPerMonth)).replace(",00", "")}
        </span>
        <span className="ml-1 text-sm text-slate-500">/ Monat</span>
        <span className="block text-xs text-slate-500">zzgl. MwSt.</span>
      </p>
    );
  }
  return (
    <p className="mt-4">
      <span className="text-4xl font-bold tracking-tight text-slate-900">Individuell</span>
      <span className="block text-xs text-slate-500">Preis auf Anfrage, zzgl. MwSt.</span>
    </p>
  );
}

export function PricingSection() {
  return (
    <section id="pricing" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Preise</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            Ein Plan für jede Bestandsgröße
          </h2>
          <p className="mt-3 text-slate-600">
            Starten Sie mit 14 Tagen kostenloser Testphase und wählen Sie danach den passenden Plan.
            Alle Preise verstehen sich zuzüglich der gesetzlichen Mehrwertsteuer.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {LANDING_PLANS.map((plan) => (
            <li
              key={plan.key}
              data-plan={plan.key}
              className={cn(
                "relative flex flex-col rounded-xl border bg-white p-6 shadow-sm",
                plan.isPopular ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
              )}
            >
              {plan.isPopular ? (
                <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-bold tracking-wide text-white">
                  BELIEBT
                </span>
              ) : null}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <PlanPrice plan={plan} />
              <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700">
                {plan.featureTexts.slice(0, SHOWN_FEATURE_COUNT).map((text) => (
                  <li key={text} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                    {text}
                  </li>
                ))}
              </ul>
              {plan.priceEurPerMonth > 0 ? (
                <Link
                  to="/register"
                  className={buttonStyles({
                    variant: plan.isPopular ? "primary" : "outline",
                    className: "mt-8 w-full",
                  })}
                >
                  Kostenlos testen
                </Link>
              ) : (
                <a
                  href="#contact"
                  className={buttonStyles({ variant: "outline", className: "mt-8 w-full" })}
                >
                  Anfrage stellen
                </a>
              )}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-slate-500">
          Monatliche Abrechnung im Voraus, keine Mindestlaufzeit, Kündigung mit 30 Tagen Frist zum
          Monatsende.
        </p>
      </div>
    </section>
  );
}
