import {
  Building,
  Calculator,
  FileText,
  Leaf,
  Scale,
  ShieldCheck,
  TrendingDown,
  WandSparkles,
  type LucideIcon,
} from "lucide-react";

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

const FEATURES: Feature[] = [
  {
    title: "Rechtssicher nach HeizkV",
    text: "Heiz- und Warmwasserkosten mit 50 bis 70 % Verbrauchsanteil nach §§ 7 und 8 HeizkV. Voreingestellt sind 30 % Grund- und 70 % Verbrauchskosten.",
    icon: Scale,
  },
  {
    title: "CO₂-Aufteilung automatisch",
    text: "Die CO₂-Kosten werden nach dem Stufenmodell des CO2KostAufG aufgeteilt: zehn Stufen nach kg CO₂ pro m² Wohnfläche und Jahr, von 100 % Mieteranteil bis 5 % Mieteranteil.",
    icon: Leaf,
  },
  {
    title: "Verbrauchsanalyse",
    text: "Vergleich mit bundesweiten Kennwerten, Witterungsbereinigung und Einsparpotenzial für jede Immobilie.",
    icon: TrendingDown,
  },
  {
    title: "6-stellige Genauigkeit",
    text: "Alle Anteile werden mit mindestens sechs Nachkommastellen berechnet und centgenau gerundet: die Summe stimmt immer mit den Gesamtkosten überein.",
    icon: Calculator,
  },
  {
    title: "Sonderfälle abgedeckt",
    text: "Dezentrale Warmwasserbereitung, Mieterwechsel im Abrechnungsjahr (taggenau, Heizkosten nach Gradtagszahlen), Leerstand und WEG-Schlüssel für Aufzug, Allgemeinstrom und Verwaltung.",
    icon: Building,
  },
  {
    title: "PDF-Abrechnungen mit Archiv",
    text: "Mehrseitige Abrechnungen als Geschäftsbrief mit allen Pflichtangaben, gespeichert und jederzeit erneut abrufbar oder per E-Mail an Mieter versendet.",
    icon: FileText,
  },
  {
    title: "Assistent und Vorlagen",
    text: "Der Einrichtungsassistent führt in drei Schritten durch Immobilie und Wohneinheiten; Quick-Setup-Vorlagen füllen typische Kostenarten vor.",
    icon: WandSparkles,
  },
  {
    title: "Mandantenfähig und DSGVO-konform",
    text: "Strikte Datentrennung: jedes Konto sieht ausschließlich die eigenen Immobilien, Mieter und Abrechnungen.",
    icon: ShieldCheck,
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Funktionen</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            {/* A soft hyphen: the compound breaks at its seam on a phone, with a hyphen (issue 23). */}
            Alles für die korrekte Nebenkosten{"\u00AD"}abrechnung
          </h2>
          <p className="mt-3 text-slate-600">
            Von der Immobilie bis zur versandfertigen Abrechnung: Nebenkosten nimmt Ihnen die
            Rechenarbeit ab und achtet auf die gesetzlichen Vorgaben.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 p-5">
              <div className="flex size-10 items-center justify-center rounded-lg bg-brand-50">
                <feature.icon className="size-5 text-brand-700" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
