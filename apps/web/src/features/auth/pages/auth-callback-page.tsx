import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { FullPageLoader } from "../../../components/ui/spinner";
import { ME_QUERY_KEY, fetchMe } from "../../../lib/use-me";
import { AUTHENTICATION_FAILED } from "../auth-error-text";

/** Reads `name` from the URL fragment first, then from the query. */
function readCallbackParam(name: string): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const query = new URLSearchParams(window.location.search);
  return fragment.get(name) ?? query.get(name);
}

function buildLoginErrorPath(message: string): string {
  return `/login?error=${encodeURIComponent(message)}`;
}

/**
 * Target of a social sign-in (docs/rules/master-data.md#screens '/auth/callback'): an error goes to /login with the
 * message; otherwise the account is loaded and the first sign-in goes to the setup wizard.
 */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;

    const error = readCallbackParam("error");
    const description = readCallbackParam("error_description");
    if (error || description) {
      void navigate(buildLoginErrorPath(description || error || AUTHENTICATION_FAILED), {
        replace: true,
      });
      return;
    }

    queryClient
      .fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 })
      .then((me) =>
        navigate(me.user.isFirstSignIn ? "/dashboard/onboarding" : "/dashboard", { replace: true }),
      )
      .catch(() => navigate(buildLoginErrorPath(AUTHENTICATION_FAILED), { replace: true }));
  }, [navigate, queryClient]);

  return <FullPageLoader text="Anmeldung wird verarbeitet..." />;
}
