import { MONTHLY_INFORMATION_MESSAGES } from "@nk/contract";
import { Checkbox } from "../../../components/ui/checkbox";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useMonthlyInformationSettings, useSaveMonthlyInformationSettings } from "../api";

/** Decision 1690: the monthly sending by itself, on unless the account turns it off. */
export function MonthlyAutoSend({ canChange }: { canChange: boolean }) {
  const settings = useMonthlyInformationSettings();
  const save = useSaveMonthlyInformationSettings();
  const toast = useToast();
  if (!settings.data) return null;
  return (
    <Checkbox
      label="Jeden Monat automatisch per E-Mail senden"
      hint={`Ab dem ${settings.data.sendDay}. eines Monats erhält jeder Mieter mit E-Mail-Adresse die Verbrauchsinformation des Vormonats, sobald die Zählerstände zum Monatsende vorliegen und alle Zähler seiner Wohnung fernablesbar sind; jeden Monat nur einmal. Mieter ohne E-Mail-Adresse erhalten sie per Post (unten).`}
      checked={settings.data.autoSend}
      disabled={!canChange || save.isPending}
      onChange={async (event) => {
        try {
          const saved = await save.mutateAsync({ autoSend: event.target.checked });
          toast.success(
            saved.autoSend
              ? MONTHLY_INFORMATION_MESSAGES.autoSendOn
              : MONTHLY_INFORMATION_MESSAGES.autoSendOff,
          );
        } catch (error) {
          toast.error(getErrorMessage(error));
        }
      }}
    />
  );
}
