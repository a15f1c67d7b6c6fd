import { Link } from "react-router";
import { ArrowRight, CircleCheck } from "lucide-react";
import { buttonStyles } from "../../../components/ui/button";

const HERO_FACTS = [
  { value: "bis zu 80 %", label: "weniger Zeitaufwand" },
  { value: "< 5 Minuten", label: "pro Abrechnung statt rund 4 Stunden" },
  { value: "6 Stellen", label: "Rechengenauigkeit, centgenau gerundet" },
] as const;

const HERO_POINTS = [
  "HeizkV-konform",
  "CO₂-Aufteilung nach CO2KostAufG",
  "PDF-Abrechnung mit Archiv",
] as const;

export function HeroSection() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto max-w-6xl px-4 pb-16 pt-14 sm:px-6 sm:pt-20 lg:pb-24">
        <div className="max-w-3xl">
          <p className="inline-flex items-center rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-800">
            Für Vermieter, Hausverwaltungen und Eigentümergemeinschaften
          </p>
          <h1 className="mt-5 text-2xl font-bold tracking-tight break-words text-slate-900 min-[400px]:text-3xl sm:text-4xl lg:text-5xl">
            Nebenkostenabrechnung in unter 5 Minuten – rechtssicher nach HeizkV und CO2KostAufG
          </h1>
          <p className="mt-5 text-lg text-slate-600">
            Statt rund 4 Stunden pro Abrechnung: Nebenkosten verteilt Heiz- und Betriebskosten
            automatisch, teilt die CO₂-Kosten gesetzeskonform zwischen Mieter und Vermieter auf und
            erstellt fertige PDF-Abrechnungen für Ihre Mieter. So sparen Sie bis zu 80 % Zeit.
          </p>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
            {HERO_POINTS.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <CircleCheck className="size-4 text-emerald-600" aria-hidden="true" />
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonStyles({ size: "lg" })}>
              Kostenlos testen
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href="#how-it-works" className={buttonStyles({ size: "lg", variant: "outline" })}>
              So funktioniert's
            </a>
          </div>
          <p className="mt-3 text-sm text-slate-500">
            14 Tage kostenlos mit vollem Funktionsumfang · nur für Unternehmer (B2B)
          </p>
        </div>
        <dl className="mt-14 grid gap-4 sm:grid-cols-3">
          {HERO_FACTS.map((fact) => (
            <div
              key={fact.value}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <dt className="text-sm text-slate-500">{fact.label}</dt>
              <dd className="order-first text-2xl font-bold text-brand-800">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
