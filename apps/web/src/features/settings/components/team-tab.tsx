import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  ASSIGNABLE_ROLES,
  MEMBER_ROLE_DESCRIPTIONS,
  MEMBER_ROLE_LABELS,
  inviteBodySchema,
  type AssignableRole,
  type InviteBody,
  type InviteValues,
  type Member,
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
import { Select } from "../../../components/ui/input";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { applyServerFieldErrors } from "../../../lib/form-errors";
import { formatDate } from "../../../lib/format";
import { useMe } from "../../../lib/use-me";
import { useChangeMemberRole, useInviteMember, useRemoveMember, useRevokeInvitation } from "../api";
import { useTeam } from "../../../lib/queries/team-queries";

// Issue 29: the account's members with their roles, invitations by e-mail, role changes and
// removal. Only who may manage members (owner, admin) sees the controls; only the owner names
// administrators. The server checks every step again.

function assignableBy(role: MemberRole): readonly AssignableRole[] {
  return role === "owner" ? ASSIGNABLE_ROLES : ASSIGNABLE_ROLES.filter((r) => r !== "admin");
}

function InviteForm({ actorRole }: { actorRole: MemberRole }) {
  const toast = useToast();
  const invite = useInviteMember();
  const roles = assignableBy(actorRole);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<InviteBody, unknown, InviteValues>({
    resolver: zodResolver(inviteBodySchema),
    defaultValues: { email: "", role: "editor" },
  });
  const role = useWatch({ control, name: "role" });

  async function onSubmit(values: InviteValues): Promise<void> {
    try {
      await invite.mutateAsync(values);
      toast.success(`Einladung an ${values.email} versendet`);
      reset({ email: "", role: values.role });
    } catch (error) {
      applyServerFieldErrors(setError, error);
      toast.error(`Einladung nicht versendet: ${getErrorMessage(error)}`);
    }
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-6">
      <TextField
        label="E-Mail-Adresse *"
        type="email"
        autoComplete="off"
        fieldClassName="sm:col-span-3"
        error={errors.email?.message}
        reserveMessageSpace
        {...register("email")}
      />
      <SelectField
        label="Rolle"
        fieldClassName="sm:col-span-2"
        hint={MEMBER_ROLE_DESCRIPTIONS[role]}
        error={errors.role?.message}
        reserveMessageSpace
        {...register("role")}
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {MEMBER_ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-1 sm:pt-6">
        <Button type="submit" className="w-full" isBusy={isSubmitting} busyText="Sende...">
          Einladen
        </Button>
      </div>
    </form>
  );
}

function MemberRow({
  member,
  actorRole,
  canManage,
}: {
  member: Member;
  actorRole: MemberRole;
  canManage: boolean;
}) {
  const toast = useToast();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const isChangeable =
    canManage &&
    member.role !== "owner" &&
    !member.isYou &&
    (actorRole === "owner" || member.role !== "admin");

  async function onRoleChange(role: AssignableRole): Promise<void> {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role });
      toast.success(`${member.name} ist jetzt ${MEMBER_ROLE_LABELS[role]}`);
    } catch (error) {
      toast.error(`Rolle nicht geändert: ${getErrorMessage(error)}`);
    }
  }

  async function onRemove(): Promise<void> {
    try {
      await remove.mutateAsync(member.userId);
      setIsConfirmOpen(false);
      toast.success(`${member.name} wurde entfernt`);
    } catch (error) {
      toast.error(`Nicht entfernt: ${getErrorMessage(error)}`);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="team-member">
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate text-sm font-medium text-slate-900">
          {member.name} {member.isYou ? <span className="text-slate-500">(Sie)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
      </div>
      {isChangeable ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`role-${member.userId}`}>
            Rolle von {member.name}
          </label>
          <Select
            id={`role-${member.userId}`}
            className="w-44"
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => void onRoleChange(event.target.value as AssignableRole)}
          >
            {assignableBy(actorRole).map((r) => (
              <option key={r} value={r}>
                {MEMBER_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
          <Button variant="outline" size="sm" onClick={() => setIsConfirmOpen(true)}>
            Entfernen
          </Button>
          <ConfirmDialog
            isOpen={isConfirmOpen}
            onOpenChange={setIsConfirmOpen}
            title="Mitglied entfernen?"
            description={`${member.name} verliert sofort den Zugang zu diesem Konto; angemeldete Sitzungen enden. Die Daten des Kontos bleiben.`}
            confirmLabel="Entfernen"
            busyLabel="Entferne..."
            isDestructive
            isBusy={remove.isPending}
            onConfirm={onRemove}
          />
        </div>
      ) : (
        <Badge variant={member.role === "owner" ? "brand" : "neutral"}>
          {MEMBER_ROLE_LABELS[member.role]}
        </Badge>
      )}
    </li>
  );
}

export function TeamTab() {
  const { me, can } = useMe();
  const query = useTeam();
  const toast = useToast();
  const revoke = useRevokeInvitation();
  if (query.isPending || !me) return <LoadingState text="Lade Team..." />;
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
  const canManage = can("manage_members");
  const actorRole = me.account.role;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Mitglieder von „{me.account.name}“</CardTitle>
          <CardDescription>
            Ihre Rolle: {MEMBER_ROLE_LABELS[actorRole]}. {MEMBER_ROLE_DESCRIPTIONS[actorRole]}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {query.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                actorRole={actorRole}
                canManage={canManage}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
      {canManage ? (
        <Card>
          <CardHeader>
            <CardTitle>Mitglied einladen</CardTitle>
            <CardDescription>
              Die Einladung kommt per E-Mail; der Link gilt 7 Tage und nur einmal. Die eingeladene
              Person meldet sich mit dieser Adresse an oder registriert sich.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <InviteForm actorRole={actorRole} />
            {query.data.invitations.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Offene Einladungen</h3>
                <ul className="mt-2 divide-y divide-slate-200">
                  {query.data.invitations.map((invitation) => {
                    const { isExpired } = invitation;
                    return (
                      <li
                        key={invitation.id}
                        className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
                        data-testid="team-invitation"
                      >
                        <div className="min-w-0 flex-1 basis-56">
                          <p className="truncate text-sm font-medium text-slate-900">
                            {invitation.email}
                          </p>
                          <p className="text-sm text-slate-600">
                            {MEMBER_ROLE_LABELS[invitation.role]} ·{" "}
                            {isExpired
                              ? "abgelaufen"
                              : `gültig bis ${formatDate(invitation.expiresAt)}`}
                          </p>
                        </div>
                        <Button
                          variant="outline"
                          size="sm"
                          isBusy={revoke.isPending && revoke.variables === invitation.id}
                          busyText="Ziehe zurück..."
                          onClick={() =>
                            void revoke.mutateAsync(invitation.id).then(
                              () => toast.success("Einladung zurückgezogen"),
                              (error: unknown) => toast.error(getErrorMessage(error)),
                            )
                          }
                        >
                          Zurückziehen
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
