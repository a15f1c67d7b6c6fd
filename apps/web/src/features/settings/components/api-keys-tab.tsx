import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  API_KEY_MESSAGES,
  API_KEY_REQUESTS_PER_MINUTE,
  ASSIGNABLE_ROLES,
  MEMBER_ROLE_LABELS,
  createApiKeyBodySchema,
  weakerRole,
  type ApiKey,
  type AssignableRole,
  type CreateApiKeyBody,
  type CreateApiKeyValues,
  type MemberRole,
} from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { formatDate, formatDateTime } from "../../../lib/format";
import { useMe } from "../../../lib/use-me";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api";

// Issue 29, item 4 (decision 1171): API keys of the Enterprise plan. Owner and admins create
// them (name, role up to their own, optional last day) and revoke them; the secret is shown
// once, right after creating. The server checks every step again.

function rolesUpTo(role: MemberRole): readonly AssignableRole[] {
  return ASSIGNABLE_ROLES.filter((r) => weakerRole(r, role) === r);
}

function CreatedKeyNotice({ token, onDone }: { token: string; onDone: () => void }) {
  const toast = useToast();
  return (
    <Alert
      variant="success"
      action={
        <Button size="sm" variant="outline" onClick={onDone}>
          Fertig
        </Button>
      }
    >
      <p className="font-medium">{API_KEY_MESSAGES.created}</p>
      <code
        className="mt-2 block break-all rounded bg-white px-2 py-1 font-mono text-sm text-slate-900"
        data-testid="api-key-secret"
      >
        {token}
      </code>
      <Button
        size="sm"
        variant="link"
        className="mt-1 px-0"
        onClick={() =>
          void navigator.clipboard.writeText(token).then(
            () => toast.success("In die Zwischenablage kopiert"),
            () => toast.error("Kopieren nicht möglich: bitte markieren und kopieren."),
          )
        }
      >
        Kopieren
      </Button>
    </Alert>
  );
}

function CreateApiKeyForm({
  actorRole,
  onCreated,
}: {
  actorRole: MemberRole;
  onCreated: (token: string) => void;
}) {
  const toast = useToast();
  const create = useCreateApiKey();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiKeyBody, unknown, CreateApiKeyValues>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: "", role: "viewer", expiresOn: "" },
  });

  async function onSubmit(values: CreateApiKeyValues): Promise<void> {
    try {
      const created = await create.mutateAsync(values);
      reset({ name: "", role: values.role, expiresOn: "" });
      onCreated(created.token);
    } catch (error) {
      applyServerFieldErrors(setError, error);
      toast.error(`API-Schlüssel nicht erstellt: ${getErrorMessage(error)}`);
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-6">
      <TextField
        label="Name *"
        hint="Wofür der Schlüssel ist, z. B. „Buchhaltung“"
        autoComplete="off"
        fieldClassName="sm:col-span-2"
        error={errors.name?.message}
        reserveMessageSpace
        {...register("name")}
      />
      <SelectField
        label="Rolle"
        fieldClassName="sm:col-span-2"
        hint="Höchstens Ihre eigene Rolle"
        error={errors.role?.message}
        reserveMessageSpace
        {...register("role")}
      >
        {rolesUpTo(actorRole).map((r) => (
          <option key={r} value={r}>
            {MEMBER_ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Gültig bis"
        type="date"
        hint="Leer: ohne Ablauf"
        fieldClassName="sm:col-span-1"
        error={errors.expiresOn?.message}
        reserveMessageSpace
        {...register("expiresOn")}
      />
      <div className="sm:col-span-1 sm:pt-6">
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Erstelle...">
          Erstellen
        </Button>
      </div>
    </form>
  );
}

function describeState(key: ApiKey): { label: string; variant: "success" | "neutral" | "warning" } {
  if (key.revokedAt)
    return { label: `Widerrufen am ${formatDate(key.revokedAt)}`, variant: "neutral" };
  if (key.isExpired) return { label: "Abgelaufen", variant: "warning" };
  return { label: "Aktiv", variant: "success" };
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const toast = useToast();
  const revoke = useRevokeApiKey();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const state = describeState(apiKey);

  async function onRevoke(): Promise<void> {
    try {
      await revoke.mutateAsync(apiKey.id);
      setIsConfirmOpen(false);
      toast.success(API_KEY_MESSAGES.revoked);
    } catch (error) {
      toast.error(`Nicht widerrufen: ${getErrorMessage(error)}`);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="api-key">
      <div className="min-w-0 flex-1 basis-64">
        <p className="truncate text-sm font-medium text-slate-900">
          {apiKey.name} <span className="font-mono text-slate-500">{apiKey.prefix}…</span>
        </p>
        <p className="text-sm text-slate-600">
          {MEMBER_ROLE_LABELS[apiKey.role]} · von {apiKey.createdBy} am{" "}
          {formatDate(apiKey.createdAt)} ·{" "}
          {apiKey.expiresOn ? `gültig bis ${formatDate(apiKey.expiresOn)}` : "ohne Ablauf"} ·
          zuletzt benutzt: {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : "nie"}
        </p>
      </div>
      <Badge variant={state.variant}>{state.label}</Badge>
      {apiKey.revokedAt ? null : (
        <>
          <Button variant="outline" size="sm" onClick={() => setIsConfirmOpen(true)}>
            Widerrufen
          </Button>
          <ConfirmDialog
            isOpen={isConfirmOpen}
            onOpenChange={setIsConfirmOpen}
            title="API-Schlüssel widerrufen?"
            description={`Anfragen mit „${apiKey.name}“ werden sofort abgelehnt. Das lässt sich nicht rückgängig machen.`}
            confirmLabel="Widerrufen"
            busyLabel="Widerrufe..."
            isDestructive
            isBusy={revoke.isPending}
            onConfirm={onRevoke}
          />
        </>
      )}
    </li>
  );
}

export function ApiKeysTab() {
  const { me } = useMe();
  const query = useApiKeys();
  const [createdToken, setCreatedToken] = useState<string | null>(null);
  if (query.isPending || !me) return <LoadingState text="Lade API-Schlüssel..." />;
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
  const { isAvailable, apiKeys } = query.data;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>API-Schlüssel</CardTitle>
          <CardDescription>
            Programme und Dienstleister greifen mit einem Schlüssel auf dieselben Daten zu wie die
            Web-App (Kopfzeile <code>Authorization: Bearer …</code>, Beschreibung unter{" "}
            <a className="underline" href="/api/openapi.json">
              /api/openapi.json
            </a>
            ). Ein Schlüssel hat die Rechte seiner Rolle und erlaubt {API_KEY_REQUESTS_PER_MINUTE}{" "}
            Anfragen je Minute.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {isAvailable ? null : <Alert variant="info">{API_KEY_MESSAGES.notInPlan}</Alert>}
          {createdToken ? (
            <CreatedKeyNotice token={createdToken} onDone={() => setCreatedToken(null)} />
          ) : null}
          {isAvailable ? (
            <CreateApiKeyForm actorRole={me.account.role} onCreated={setCreatedToken} />
          ) : null}
          {apiKeys.length > 0 ? (
            <ul className="divide-y divide-slate-200">
              {apiKeys.map((apiKey) => (
                <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">Noch keine API-Schlüssel.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
