import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { BrandLogo } from "../../../components/brand-logo";
import { LandingFooter } from "../components/landing-footer";

interface TermsSection {
  title: string;
  paragraphs: ReactNode[];
}

// docs/rules/accounts-and-plans.md#terms: trial 14 days with full functionality; payment
// due within 14 days of invoice; billing monthly in advance; notice 30 days to month end;
// warranty 12 months; changes accepted after 30 days without objection; court Bielefeld; German law.
const TERMS: TermsSection[] = [
  {
    title: "§ 1 Geltungsbereich",
    paragraphs: [
      "(1) Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge über die Nutzung der Software „Nebenkosten“ (nachfolgend „Dienst“) zwischen dem Betreiber des Dienstes (nachfolgend „Anbieter“) und seinen Kunden.",
      "(2) Der Dienst richtet sich ausschließlich an Unternehmer im Sinne des § 14 BGB, juristische Personen des öffentlichen Rechts und öffentlich-rechtliche Sondervermögen, insbesondere an Vermieter, Hausverwaltungen und Wohnungseigentümergemeinschaften. Ein Vertragsschluss mit Verbrauchern im Sinne des § 13 BGB ist ausgeschlossen.",
      "(3) Abweichende, entgegenstehende oder ergänzende Geschäftsbedingungen des Kunden werden nicht Vertragsbestandteil, es sei denn, der Anbieter stimmt ihrer Geltung ausdrücklich in Textform zu.",
    ],
  },
  {
    title: "§ 2 Vertragsgegenstand",
    paragraphs: [
      "(1) Der Anbieter stellt dem Kunden den Dienst als webbasierte Software zur Erstellung von Betriebs- und Heizkostenabrechnungen über das Internet zur Verfügung. Der Funktionsumfang richtet sich nach dem jeweils gewählten Plan (Starter, Professional, Enterprise oder Enterprise+) und der Leistungsbeschreibung zum Zeitpunkt des Vertragsschlusses.",
      "(2) Der Dienst unterstützt den Kunden bei der Berechnung nach den gesetzlichen Vorgaben, insbesondere der Heizkostenverordnung und dem Kohlendioxidkostenaufteilungsgesetz. Die Verantwortung für die Richtigkeit der eingegebenen Daten sowie für die inhaltliche und formelle Prüfung und den Versand der Abrechnungen an die Mieter verbleibt beim Kunden. Der Dienst ersetzt keine Rechts- oder Steuerberatung.",
    ],
  },
  {
    title: "§ 3 Testphase",
    paragraphs: [
      "(1) Nach der Registrierung kann der Kunde den Dienst 14 Tage lang kostenlos und mit vollem Funktionsumfang testen. Während der Testphase gelten die für die Testphase angezeigten Mengengrenzen.",
      "(2) Die Testphase endet automatisch nach Ablauf von 14 Tagen, ohne dass es einer Kündigung bedarf. Ein kostenpflichtiger Vertrag kommt erst zustande, wenn der Kunde ausdrücklich einen kostenpflichtigen Plan wählt.",
    ],
  },
  {
    title: "§ 4 Vertragsschluss und Zugangsdaten",
    paragraphs: [
      "(1) Der Vertrag über die Nutzung kommt mit Abschluss der Registrierung zustande; ein kostenpflichtiger Plan mit dessen Auswahl durch den Kunden.",
      "(2) Der Kunde hält seine Zugangsdaten geheim und schützt sie vor dem Zugriff Dritter. Bei Verdacht auf Missbrauch hat er sein Passwort unverzüglich zu ändern und den Anbieter zu informieren.",
    ],
  },
  {
    title: "§ 5 Preise und Zahlungsbedingungen",
    paragraphs: [
      "(1) Es gelten die zum Zeitpunkt der Planwahl angegebenen Preise. Alle Preise verstehen sich zuzüglich der gesetzlichen Umsatzsteuer.",
      "(2) Die Vergütung wird monatlich im Voraus abgerechnet.",
      "(3) Rechnungen sind innerhalb von 14 Tagen nach Rechnungsdatum ohne Abzug zur Zahlung fällig. Gerät der Kunde in Zahlungsverzug, ist der Anbieter nach vorheriger Ankündigung berechtigt, den Zugang zum Dienst bis zum Ausgleich der offenen Forderungen einzuschränken.",
    ],
  },
  {
    title: "§ 6 Laufzeit und Kündigung",
    paragraphs: [
      "(1) Kostenpflichtige Pläne laufen auf unbestimmte Zeit. Eine Mindestlaufzeit besteht nicht.",
      "(2) Beide Parteien können den Vertrag mit einer Frist von 30 Tagen zum Monatsende kündigen. Die Kündigung kann in Textform oder über die Kontoeinstellungen erklärt werden.",
      "(3) Das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt.",
      "(4) Vor Vertragsende kann der Kunde seine Daten über die Exportfunktion herunterladen. Nach Vertragsende und Löschung des Kontos werden die Daten gelöscht, soweit keine gesetzlichen Aufbewahrungspflichten entgegenstehen.",
    ],
  },
  {
    title: "§ 7 Gewährleistung",
    paragraphs: [
      "(1) Der Anbieter gewährleistet, dass der Dienst im Wesentlichen der Leistungsbeschreibung entspricht. Mängel sind vom Kunden unverzüglich nach Entdeckung in Textform mit einer nachvollziehbaren Beschreibung anzuzeigen.",
      "(2) Die Gewährleistungsfrist beträgt 12 Monate.",
      "(3) Der Anbieter ist berechtigt, Mängel nach seiner Wahl durch Beseitigung oder durch Bereitstellung einer mangelfreien Version zu beheben.",
    ],
  },
  {
    title: "§ 8 Haftung",
    paragraphs: [
      "(1) Der Anbieter haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei der Verletzung von Leben, Körper oder Gesundheit sowie nach dem Produkthaftungsgesetz.",
      "(2) Bei leicht fahrlässiger Verletzung einer wesentlichen Vertragspflicht ist die Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt. Im Übrigen ist die Haftung für leichte Fahrlässigkeit ausgeschlossen.",
      "(3) Für den Verlust von Daten haftet der Anbieter nur in dem Umfang, in dem der Schaden auch bei ordnungsgemäßer Datensicherung durch den Kunden, insbesondere durch regelmäßigen Export, eingetreten wäre.",
    ],
  },
  {
    title: "§ 9 Datenschutz",
    paragraphs: [
      "Der Anbieter verarbeitet personenbezogene Daten, die der Kunde im Dienst speichert (insbesondere Daten seiner Mieter), ausschließlich im Auftrag und nach Weisung des Kunden gemäß Art. 28 DSGVO. Die Einzelheiten regelt eine Vereinbarung zur Auftragsverarbeitung.",
    ],
  },
  {
    title: "§ 10 Änderungen dieser AGB",
    paragraphs: [
      "(1) Der Anbieter kann diese AGB mit Wirkung für die Zukunft ändern. Er teilt dem Kunden die Änderungen mindestens 30 Tage vor ihrem Wirksamwerden in Textform mit.",
      "(2) Widerspricht der Kunde den Änderungen nicht innerhalb von 30 Tagen nach Zugang der Mitteilung, gelten die geänderten AGB als angenommen. Der Anbieter weist den Kunden in der Mitteilung auf das Widerspruchsrecht, die Frist und die Folgen eines unterlassenen Widerspruchs hin. Widerspricht der Kunde, können beide Parteien den Vertrag zum Zeitpunkt des Wirksamwerdens der Änderungen kündigen.",
    ],
  },
  {
    title: "§ 11 Schlussbestimmungen",
    paragraphs: [
      "(1) Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts.",
      "(2) Ausschließlicher Gerichtsstand für alle Streitigkeiten aus und im Zusammenhang mit diesem Vertrag ist Bielefeld.",
      "(3) Sollten einzelne Bestimmungen dieser AGB unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.",
    ],
  },
];

export function AgbPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <title>Allgemeine Geschäftsbedingungen – Nebenkosten</title>
      <meta name="robots" content="noindex,nofollow" />
      <header className="border-b border-slate-200">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <BrandLogo to="/" />
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Zur Startseite
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Allgemeine Geschäftsbedingungen (AGB)
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          für die Nutzung von Nebenkosten durch Unternehmer
        </p>
        <div className="mt-10 space-y-8">
          {TERMS.map((section) => (
            <section key={section.title}>
              <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
              <div className="mt-3 space-y-3 text-sm leading-relaxed text-slate-700">
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </main>
      <LandingFooter />
    </div>
  );
}
