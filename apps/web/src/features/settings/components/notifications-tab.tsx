import { useState } from "react";
import { NOTIFICATION_LABELS, type NotificationSettings } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { useNotificationSettings, useSaveNotificationSettings } from "../api";

const KEYS = Object.keys(NOTIFICATION_LABELS) as (keyof NotificationSettings)[];

function NotificationsForm({ saved }: { saved: NotificationSettings }) {
  const toast = useToast();
  const save = useSaveNotificationSettings();
  const [values, setValues] = useState(saved);
  const isChanged = KEYS.some((key) => values[key] !== saved[key]);

  async function onSave(): Promise<void> {
    try {
      await save.mutateAsync(values);
      toast.success("Benachrichtigungen gespeichert");
    } catch (error) {
      toast.error(`Fehler beim Speichern: ${getErrorMessage(error)}`);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-Mail-Benachrichtigungen</CardTitle>
        <CardDescription>Welche E-Mails wir Ihnen senden dürfen.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {KEYS.map((key) => (
          <Checkbox
            key={key}
            label={NOTIFICATION_LABELS[key].label}
            hint={NOTIFICATION_LABELS[key].hint}
            checked={values[key]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [key]: event.target.checked }))
            }
          />
        ))}
      </CardContent>
      <CardFooter>
        <Button
          onClick={() => void onSave()}
          disabled={!isChanged}
          isBusy={save.isPending}
          busyText="Speichere..."
        >
          Einstellungen speichern
        </Button>
      </CardFooter>
    </Card>
  );
}

export function NotificationsTab() {
  const query = useNotificationSettings();
  if (query.isPending) return <LoadingState text="Lade Benachrichtigungen..." />;
  if (query.isError) {
    return (
      <Alert
        variant="error"
        action={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      >
        {getErrorMessage(query.error)}
      </Alert>
    );
  }
  // Keyed by the saved values: after a save the form starts from what the server stored.
  return <NotificationsForm key={JSON.stringify(query.data)} saved={query.data} />;
}
