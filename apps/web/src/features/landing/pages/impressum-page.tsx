import {
  LegalPageLayout,
  LegalSection,
  OperatorAddress,
  OperatorMissingNotice,
} from "../components/legal-page-layout";

/** /impressum: the provider identification of § 5 DDG, from the OPERATOR_* settings. */
export function ImpressumPage() {
  return (
    <LegalPageLayout title="Impressum">
      {(operator) =>
        operator.isConfigured ? (
          <>
            <LegalSection title="Angaben gemäß § 5 DDG">
              <OperatorAddress operator={operator} />
              {operator.representative ? <p>Vertreten durch: {operator.representative}</p> : null}
            </LegalSection>
            {operator.email || operator.phone ? (
              <LegalSection title="Kontakt">
                {operator.phone ? <p>Telefon: {operator.phone}</p> : null}
                {operator.email ? (
                  <p>
                    E-Mail:{" "}
                    <a className="text-brand-700 underline" href={`mailto:${operator.email}`}>
                      {operator.email}
                    </a>
                  </p>
                ) : null}
              </LegalSection>
            ) : null}
            {operator.registerEntry ? (
              <LegalSection title="Registereintrag">
                <p>{operator.registerEntry}</p>
              </LegalSection>
            ) : null}
            {operator.vatId ? (
              <LegalSection title="Umsatzsteuer-ID">
                <p>
                  Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz:{" "}
                  {operator.vatId}
                </p>
              </LegalSection>
            ) : null}
            <LegalSection title="Zielgruppe">
              <p>
                Das Angebot richtet sich ausschließlich an Unternehmer (B2B), insbesondere
                Vermieter, Hausverwaltungen und Eigentümergemeinschaften.
              </p>
            </LegalSection>
          </>
        ) : (
          <OperatorMissingNotice />
        )
      }
    </LegalPageLayout>
  );
}
