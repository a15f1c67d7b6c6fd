import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";

/** The explanatory box and the next steps of the tariffs page. */
export function RatesIntro() {
  return (
    <Alert variant="info" title="So werden Versorgertarife verwendet">
      <p>
        In der Abrechnung können Kosten tarifbasiert berechnet werden: Verbrauch × Preis pro Einheit
        + Grundpreis × Monate. Gilt für eine Immobilie mehr als ein Tarif, entscheidet die Priorität
        (kleinere Zahl zuerst); ein Tarif für eine Immobilie ergänzt die globalen Tarife.
        HT/NT-Tarife werden vereinfacht zu 60 % Hochtarif und 40 % Niedertarif gerechnet.
      </p>
      <p className="mt-2 font-medium">Nächste Schritte</p>
      <ol className="mt-1 list-decimal space-y-0.5 pl-5">
        <li>
          Tarife je Versorgungsart anlegen, am besten mit den regionalen Durchschnittswerten als
          Ausgangspunkt.
        </li>
        <li>
          <Link to="/dashboard/meters" className="font-medium underline">
            Zähler erfassen
          </Link>{" "}
          und{" "}
          <Link to="/dashboard/quick-meter-readings" className="font-medium underline">
            Zählerstände eintragen
          </Link>
          .
        </li>
        <li>
          <Link to="/dashboard/statements/new" className="font-medium underline">
            Neue Abrechnung erstellen
          </Link>
          .
        </li>
      </ol>
    </Alert>
  );
}
