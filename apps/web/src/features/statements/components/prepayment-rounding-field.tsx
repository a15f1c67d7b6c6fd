import { PREPAYMENT_ROUNDING_LABELS, prepaymentRoundingSchema } from "@nk/contract";
import type { PrepaymentRounding } from "@nk/engine";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { SelectField } from "../../../components/ui/field";

/**
 * Issue 30, item 3 (decision 1500 and 1630): § 560 (4) BGB. The wizard asks per run whether the
 * letters propose the new monthly prepayment and how it is rounded; the choice is saved on the
 * run with the statement (`prepaymentRounding` of the save body) and the letters print by it.
 */
/** `undefined`: keep what the saved run holds (offered only when there is one). */
export type PrepaymentRoundingChoice = PrepaymentRounding | null | undefined;

const KEEP = "keep";

export function PrepaymentRoundingField({
  value,
  onChange,
  hasSavedRun,
}: {
  value: PrepaymentRoundingChoice;
  onChange: (next: PrepaymentRoundingChoice) => void;
  /** The period has a saved run: its choice is kept unless changed here (a re-saved draft never drops it silently). */
  hasSavedRun: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vorauszahlungen anpassen (§ 560 Abs. 4 BGB)</CardTitle>
      </CardHeader>
      <CardContent>
        <SelectField
          label="Neue monatliche Vorauszahlung im Brief vorschlagen"
          hint="Ein Zwölftel der Kosten dieser Abrechnung für ein Jahr, gerundet. Sie können die Wahl nach dem Speichern auf der Seite der Abrechnung ändern, solange die Briefe nicht versendet sind."
          value={value === undefined ? KEEP : (value ?? "")}
          onChange={(event) => {
            if (event.target.value === KEEP) return onChange(undefined);
            const parsed = prepaymentRoundingSchema.safeParse(
              event.target.value === "" ? null : event.target.value,
            );
            onChange(parsed.success ? parsed.data : null);
          }}
        >
          {hasSavedRun ? <option value={KEEP}>Wie in der gespeicherten Abrechnung</option> : null}
          <option value="">Kein Vorschlag</option>
          <option value="euro">Ja, {PREPAYMENT_ROUNDING_LABELS.euro} gerundet</option>
          <option value="five_euros">Ja, {PREPAYMENT_ROUNDING_LABELS.five_euros} gerundet</option>
        </SelectField>
      </CardContent>
    </Card>
  );
}
