import { useState } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "../../../lib/cn";

interface FaqItem {
  question: string;
  answer: string;
}

// docs/rules/master-data.md#landing-page: legal compliance, CO2 split, consumption analysis, setup time,
// commercial and owners' association use, precision, minimum term.
const FAQ_ITEMS: FaqItem[] = [
  {
    question: "Sind die Abrechnungen rechtssicher?",
    answer:
      "Nebenkosten rechnet nach der Heizkostenverordnung (HeizkV), dem CO2KostAufG und der Betriebskostenverordnung. Jede Abrechnung enthält die Gesamtkosten je Kostenart, die erläuterten Verteilerschlüssel, die Berechnung Ihres Mieteranteils und den Abzug der Vorauszahlungen. Die Abrechnung muss dem Mieter spätestens 12 Monate nach Ende des Abrechnungszeitraums zugehen. Eine Rechtsberatung im Einzelfall ersetzt die Software nicht.",
  },
  {
    question: "Wie funktioniert die CO₂-Kostenaufteilung?",
    answer:
      "Nach dem CO2KostAufG richtet sich die Aufteilung nach dem CO₂-Ausstoß des Gebäudes je m² Wohnfläche und Jahr. Es gibt zehn Stufen: unter 12 kg trägt der Mieter 100 %, ab 52 kg nur noch 5 % und der Vermieter 95 %. Nebenkosten berechnet den Ausstoß aus Ihrer Brennstoffrechnung und weist Stufe, Aufteilung und CO₂-Kosten in der Abrechnung aus. Für Nichtwohngebäude gilt 50 / 50.",
  },
  {
    question: "Was leistet die Verbrauchsanalyse?",
    answer:
      "Die Verbrauchsanalyse vergleicht den witterungsbereinigten Energieverbrauch Ihrer Immobilie je m² mit bundesweiten Kennwerten, ordnet ihn von „sehr effizient“ bis „sehr ineffizient“ ein und zeigt Ihr Einsparpotenzial. Sie ist in der Testphase sowie ab dem Plan Professional enthalten.",
  },
  {
    question: "Wie lange dauert die Einrichtung?",
    answer:
      "Mit dem Einrichtungsassistenten legen Sie eine Immobilie mit ihren Wohneinheiten in wenigen Minuten an. Sind Mieter, Zähler und Kosten erfasst, ist eine Abrechnung in unter 5 Minuten erstellt.",
  },
  {
    question: "Eignet sich Nebenkosten auch für Gewerbeobjekte und Eigentümergemeinschaften?",
    answer:
      "Ja. Neben Mehr- und Einfamilienhäusern verwalten Sie Gewerbeobjekte, gemischt genutzte Objekte und Wohnungseigentümergemeinschaften (WEG), einschließlich typischer WEG-Schlüssel wie Aufzug, Allgemeinstrom und Verwaltung.",
  },
  {
    question: "Wie genau rechnet Nebenkosten?",
    answer:
      "Alle Anteile werden mit mindestens sechs Nachkommastellen berechnet. Gerundet wird einmal je Kostenart auf den Cent, so dass die Summe aller Anteile einschließlich Leerstand exakt den Gesamtkosten entspricht: kein Cent geht verloren.",
  },
  {
    question: "Gibt es eine Mindestlaufzeit?",
    answer:
      "Nein. Die Testphase dauert 14 Tage mit vollem Funktionsumfang und endet automatisch. Bezahlte Pläne werden monatlich im Voraus abgerechnet und sind mit einer Frist von 30 Tagen zum Monatsende kündbar.",
  },
];

/** An accordion in which one answer is open at a time. */
export function FaqSection() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);

  return (
    <section id="faq" className="scroll-mt-20 bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">FAQ</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Häufige Fragen</h2>
        </div>
        <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {FAQ_ITEMS.map((item, index) => {
            const isOpen = openIndex === index;
            const panelId = `faq-panel-${index}`;
            const buttonId = `faq-button-${index}`;
            return (
              <div key={item.question}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(isOpen ? null : index)}
                  >
                    {item.question}
                    <ChevronDown
                      className={cn(
                        "size-5 shrink-0 text-slate-500 transition-transform",
                        isOpen && "rotate-180",
                      )}
                      aria-hidden="true"
                    />
                  </button>
                </h3>
                <div
                  id={panelId}
                  role="region"
                  aria-labelledby={buttonId}
                  hidden={!isOpen}
                  className="px-5 pb-5 text-sm leading-relaxed text-slate-600"
                >
                  {item.answer}
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
