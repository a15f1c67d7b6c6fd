import type { ReactNode } from "react";
import { Link } from "react-router";
import { BookOpen, Building2, Calculator, Gauge, Scale, Zap, type LucideIcon } from "lucide-react";
import { CO2_STAGES, type Co2Stage } from "@nk/engine";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { buttonStyles } from "../../../components/ui/button";
import { UpgradeRequired } from "../../../components/upgrade-required";
import { useMe } from "../../../lib/use-me";
import { ScrollRegion } from "../../../components/ui/scroll-region";

interface HelpSection {
  id: string;
  title: string;
  icon: LucideIcon;
  body: ReactNode;
  links?: { to: string; label: string }[];
}

function stageRange(stage: Co2Stage): string {
  if (stage.minKgPerM2 === 0) return `unter ${stage.maxKgPerM2}`;
  return stage.maxKgPerM2 === null
    ? `ab ${stage.minKgPerM2}`
    : `${stage.minKgPerM2} bis unter ${stage.maxKgPerM2}`;
}

/** The statutory stages of the CO2KostAufG (Anlage zu § 5), from the engine (docs/rules/co2.md#co2-split). */
function Co2Table() {
  return (
    <ScrollRegion label="CO₂-Kostenaufteilung" className="rounded-lg border border-slate-200">
      <table className="w-full min-w-[26rem] text-left text-sm">
        <caption className="sr-only">CO₂-Kostenaufteilung für Wohngebäude nach CO2KostAufG</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2">
              Stufe
            </th>
            <th scope="col" className="px-3 py-2">
              kg CO₂ / m² und Jahr
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Mieter
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Vermieter
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {CO2_STAGES.map((stage) => (
            <tr key={stage.stage}>
              <td className="px-3 py-1.5 font-medium text-slate-900">
                {stage.stage} ({stage.class})
              </td>
              <td className="px-3 py-1.5 text-slate-600">{stageRange(stage)}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{stage.tenantPercent} %</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{stage.landlordPercent} %</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const SECTIONS: HelpSection[] = [
  {
    id: "ueberblick",
    title: "Überblick",
    icon: BookOpen,
    body: (
      <>
        <p>
          Nebenkosten erstellt Betriebs- und Heizkostenabrechnungen nach Heizkostenverordnung
          (HeizkV) und CO₂-Kostenaufteilungsgesetz (CO2KostAufG). Der jährliche Ablauf dauert mit
          gepflegten Stammdaten etwa 15 bis 20 Minuten: Zählerstände erfassen, Kosten eintragen,
          Abrechnung prüfen, PDFs versenden.
        </p>
        <p>
          Gerechnet wird mit sechs Nachkommastellen; jeder Kostenposten wird erst am Ende auf den
          Cent gerundet, ohne dass ein Cent verloren geht.
        </p>
      </>
    ),
  },
  {
    id: "stammdaten",
    title: "Stammdaten",
    icon: Building2,
    body: (
      <p>
        Legen Sie zuerst Ihre Immobilie mit ihren Wohneinheiten (Fläche, Personen, dezentrale
        Warmwasserbereitung) an, dann die Mieter mit Ein- und Auszugsdatum und ihren monatlichen
        Vorauszahlungen. Bei einem Mieterwechsel im Jahr werden die Kosten tagesgenau aufgeteilt;
        Leerstand trägt der Vermieter.
      </p>
    ),
    links: [
      { to: "/dashboard/properties/new", label: "Immobilie anlegen" },
      { to: "/dashboard/tenants", label: "Mieter verwalten" },
    ],
  },
  {
    id: "versorgertarife",
    title: "Versorgertarife",
    icon: Zap,
    body: (
      <p>
        Hinterlegen Sie Preise je Versorgungsart mit Arbeitspreis und monatlichem Grundpreis. Bei
        Zeittarifen (HT/NT) rechnet die vereinfachte Aufteilung mit 60 % Hochtarif und 40 %
        Niedertarif. Ohne eigenen Tarif stehen regionale Durchschnittswerte zur Verfügung.
      </p>
    ),
    links: [{ to: "/dashboard/rates", label: "Versorgertarife öffnen" }],
  },
  {
    id: "zaehlerstaende",
    title: "Zählerstände",
    icon: Gauge,
    body: (
      <p>
        Erfassen Sie je Abrechnungszeitraum die Stände aller Zähler (Heizkostenverteiler,
        Wärmemengen-, Warm- und Kaltwasserzähler, Strom, Gas). Bei einem Mieterwechsel sichert eine
        Zwischenablesung am Auszugstag die verbrauchsgenaue Aufteilung (§ 9b HeizkV); fehlt sie,
        wird die Heizung nach Gradtagszahlen aufgeteilt.
      </p>
    ),
    links: [{ to: "/dashboard/meters", label: "Zähler und Zählerstände" }],
  },
  {
    id: "abrechnung",
    title: "Abrechnung",
    icon: Calculator,
    body: (
      <>
        <p>
          Heiz- und Warmwasserkosten werden standardmäßig zu 30 % nach Fläche (Grundkosten) und zu
          70 % nach Verbrauch verteilt; zulässig sind 50 bis 70 % nach Verbrauch (§§ 7, 8 HeizkV),
          bei Fernwärme ist ein Grundkostenanteil von 30 bis 50 % üblich.
        </p>
        <p>
          Die CO₂-Kosten teilt das Gesetz nach dem CO₂-Ausstoß des Gebäudes je m² Wohnfläche und
          Jahr in zehn Stufen auf. Für Nichtwohngebäude gilt 50 % / 50 %.
        </p>
        <Co2Table />
      </>
    ),
    links: [{ to: "/dashboard/statements/new", label: "Neue Abrechnung erstellen" }],
  },
  {
    id: "rechtliches",
    title: "Rechtliches",
    icon: Scale,
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Die Abrechnung muss dem Mieter spätestens 12 Monate nach Ende des Abrechnungszeitraums
          zugehen (§ 556 Abs. 3 BGB); danach sind Nachforderungen ausgeschlossen.
        </li>
        <li>
          Bei einem Mieterwechsel empfehlen wir, die Abrechnung des ausgezogenen Mieters innerhalb
          von 6 Monaten zu erstellen.
        </li>
        <li>
          Einwendungen muss der Mieter spätestens 12 Monate nach Zugang der Abrechnung mitteilen (§
          556 Abs. 3 Satz 5 BGB).
        </li>
        <li>
          Wird Heizung nicht verbrauchsabhängig abgerechnet, darf der Mieter seinen Anteil um 15 %
          kürzen (§ 12 HeizkV); fehlen die CO₂-Angaben, um 3 % (CO2KostAufG).
        </li>
      </ul>
    ),
  },
];

/** /dashboard/help: the six sections of docs/rules/master-data.md#help. */
export function HelpPage() {
  const { hasFeature } = useMe();
  return (
    <div className="space-y-6">
      <title>Hilfe – Nebenkosten</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Hilfe</h1>
        <p className="mt-1 text-sm text-slate-600">
          So erstellen Sie Ihre Nebenkostenabrechnung Schritt für Schritt.
        </p>
      </div>
      <nav aria-label="Abschnitte" className="flex flex-wrap gap-2">
        {SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className={buttonStyles({ variant: "outline", size: "sm" })}
          >
            {section.title}
          </a>
        ))}
      </nav>
      {SECTIONS.map((section) => (
        <Card key={section.id} id={section.id} className="scroll-mt-24">
          <CardHeader className="flex flex-row items-center gap-3 space-y-0">
            <section.icon className="size-5 text-brand-700" aria-hidden="true" />
            <CardTitle>{section.title}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm leading-relaxed text-slate-700">
            {section.body}
            {section.links ? (
              <div className="flex flex-wrap gap-2 pt-1">
                {section.links.map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className={buttonStyles({ variant: "secondary", size: "sm" })}
                  >
                    {link.label}
                  </Link>
                ))}
              </div>
            ) : null}
          </CardContent>
        </Card>
      ))}
      <Card>
        <CardHeader>
          <CardTitle>Support</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm text-slate-700">
          <p>Unser Support ist Montag bis Freitag von 9 bis 18 Uhr für Sie da, bundesweit.</p>
          {hasFeature("prioritySupport") ? (
            <p>Ihr Plan enthält Prioritäts-Support: Ihre Anfragen werden bevorzugt bearbeitet.</p>
          ) : (
            <UpgradeRequired feature="Prioritäts-Support" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
