import {
  LegalPageLayout,
  LegalSection,
  OperatorAddress,
  OperatorMissingNotice,
} from "../components/legal-page-layout";

/** /datenschutz: the information of Art. 13 DSGVO about what this installation processes. */
export function DatenschutzPage() {
  return (
    <LegalPageLayout title="Datenschutzerklärung">
      {(operator) => (
        <>
          <LegalSection title="1. Verantwortlicher">
            {operator.isConfigured ? (
              <>
                <OperatorAddress operator={operator} />
                {operator.email ? <p>E-Mail: {operator.email}</p> : null}
                {operator.phone ? <p>Telefon: {operator.phone}</p> : null}
                {operator.privacyContact ? (
                  <p>Datenschutzkontakt: {operator.privacyContact}</p>
                ) : null}
              </>
            ) : (
              <OperatorMissingNotice />
            )}
          </LegalSection>
          <LegalSection title="2. Welche Daten wir verarbeiten">
            <ul className="list-disc space-y-1 pl-5">
              <li>
                Kontodaten: Name, E-Mail-Adresse, Firma, Telefon, das Passwort nur als sicherer Hash
                (Argon2id).
              </li>
              <li>
                Daten, die Sie für Ihre Abrechnungen eingeben (Immobilien, Wohneinheiten, Mieter,
                Zählerstände, Kosten, Abrechnungsdaten). Für personenbezogene Daten Ihrer Mieter
                verarbeiten wir diese in Ihrem Auftrag (Art. 28 DSGVO).
              </li>
              <li>
                Sitzungsdaten: ein Sitzungs-Cookie, IP-Adresse und Browserkennung der Sitzung,
                fehlgeschlagene Anmeldeversuche (Schutz vor Missbrauch).
              </li>
              <li>Ein Aktivitätsverlauf Ihrer Änderungen in Ihrem Konto.</li>
              <li>
                Technische Fehlerberichte und Messwerte der Anwendung, ohne Inhalte, 30 Tage lang.
              </li>
              <li>
                Anfragen über das Kontaktformular: Name, E-Mail-Adresse, Betreff und Nachricht.
              </li>
            </ul>
          </LegalSection>
          <LegalSection title="3. Zwecke und Rechtsgrundlagen">
            <p>
              Wir verarbeiten die Daten, um den Dienst bereitzustellen und den Vertrag zu erfüllen
              (Art. 6 Abs. 1 lit. b DSGVO), um Kontaktanfragen zu beantworten (Art. 6 Abs. 1 lit. b
              und f DSGVO) sowie zur Sicherheit des Dienstes (Art. 6 Abs. 1 lit. f DSGVO). Es gibt
              keine Werbe- oder Analyse-Cookies und keine Weitergabe an Dritte zu Werbezwecken.
            </p>
          </LegalSection>
          <LegalSection title="4. Empfänger">
            <p>
              Die Daten werden auf den Servern des Betreibers gespeichert. E-Mails (z. B.
              Abrechnungen an Ihre Mieter, Passwort-Links) werden über den vom Betreiber
              eingerichteten E-Mail-Server versendet.
            </p>
          </LegalSection>
          <LegalSection title="5. Speicherdauer">
            <p>
              Die Daten Ihres Kontos speichern wir, bis Sie Ihr Konto löschen. Unter Einstellungen →
              Konto können Sie alle Daten als JSON-Datei exportieren und Ihr Konto mit allen Daten
              endgültig löschen. Gesetzliche Aufbewahrungspflichten bleiben unberührt.
            </p>
          </LegalSection>
          <LegalSection title="6. Ihre Rechte">
            <p>
              Sie haben das Recht auf Auskunft (Art. 15), Berichtigung (Art. 16), Löschung (Art.
              17), Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und
              Widerspruch (Art. 21 DSGVO) sowie das Recht, sich bei einer
              Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO).
            </p>
          </LegalSection>
        </>
      )}
    </LegalPageLayout>
  );
}
