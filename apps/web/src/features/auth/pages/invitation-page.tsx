import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MEMBER_ROLE_DESCRIPTIONS, MEMBER_ROLE_LABELS } from "@nk/contract";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonStyles } from "../../../components/ui/button";
import { LoadingState } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { formatDate } from "../../../lib/format";
import { ME_QUERY_KEY, fetchMe } from "../../../lib/use-me";
import { useSignOut } from "../../../lib/use-sign-out";
import { acceptInvitation, fetchInvitationPreview } from "../api";
import { AuthLayout } from "../components/auth-layout";
import { INVITATION_PARAM } from "../lib/after-sign-in";

/**
 * /einladung?token=…: the link of an invitation mail (issue 29). Shows the account and the role;
 * a signed-in user with the invited address joins with one click, anyone else signs in or
 * registers first and comes back here.
 */
export function InvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { signOut, isSigningOut } = useSignOut();
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [isAccepting, setIsAccepting] = useState(false);
  const preview = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => fetchInvitationPreview(token),
    retry: false,
    staleTime: Infinity,
  });
  const session = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, retry: false });

  async function onAccept(): Promise<void> {
    setAcceptError(null);
    setIsAccepting(true);
    try {
      await acceptInvitation(token);
      // Everything cached belonged to the account before; the used invitation is kept on screen.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "invitation" });
      toast.success(`Sie arbeiten jetzt im Konto „${preview.data?.accountName ?? ""}“`);
      await navigate("/dashboard", { replace: true });
    } catch (error) {
      setAcceptError(getErrorMessage(error));
    } finally {
      setIsAccepting(false);
    }
  }

  if (preview.isPending || session.isPending) {
    return (
      <AuthLayout documentTitle="Einladung" title="Einladung">
        <LoadingState text="Lade Einladung..." />
      </AuthLayout>
    );
  }
  if (preview.isError) {
    return (
      <AuthLayout documentTitle="Einladung" title="Einladung nicht verwendbar">
        <Alert variant="error">{getErrorMessage(preview.error)}</Alert>
        <p className="mt-4 text-sm text-slate-600">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            Zur Anmeldung
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const invitation = preview.data;
  const me = session.data;
  const isInvitedUser =
    me !== undefined && me.user.email.toLowerCase() === invitation.email.toLowerCase();
  const query = `?${INVITATION_PARAM}=${encodeURIComponent(token)}`;

  return (
    <AuthLayout
      documentTitle="Einladung"
      title={`Einladung in „${invitation.accountName}“`}
      description={`Rolle: ${MEMBER_ROLE_LABELS[invitation.role]}. ${MEMBER_ROLE_DESCRIPTIONS[invitation.role]}`}
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Die Einladung gilt für <strong>{invitation.email}</strong> bis{" "}
          {formatDate(invitation.expiresAt)}.
        </p>
        {acceptError ? <Alert variant="error">{acceptError}</Alert> : null}
        {isInvitedUser ? (
          <Button
            className="w-full"
            onClick={() => void onAccept()}
            isBusy={isAccepting}
            busyText="Trete bei..."
          >
            Einladung annehmen
          </Button>
        ) : me ? (
          <>
            <Alert variant="warning">
              Sie sind als {me.user.email} angemeldet. Melden Sie sich ab und mit {invitation.email}{" "}
              wieder an, um die Einladung anzunehmen.
            </Alert>
            <Button
              variant="outline"
              className="w-full"
              onClick={() => void signOut()}
              isBusy={isSigningOut}
              busyText="Abmelden"
            >
              Abmelden
            </Button>
          </>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to={`/login${query}`} className={buttonStyles({ className: "flex-1" })}>
              Anmelden und beitreten
            </Link>
            <Link
              to={`/register${query}`}
              className={buttonStyles({ variant: "outline", className: "flex-1" })}
            >
              Registrieren und beitreten
            </Link>
          </div>
        )}
      </div>
    </AuthLayout>
  );
}
