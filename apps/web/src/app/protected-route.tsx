import { useState } from "react";
import { Navigate, Outlet } from "react-router";
import { FullPageError } from "../components/error/full-page-error";
import { FullPageLoader } from "../components/ui/spinner";
import { isSigningOut } from "../lib/api-client";
import { isApiError } from "../lib/api-error";
import { generateErrorId } from "../lib/error-catalogue";
import { isProfileCompletionSkipped } from "../lib/profile-skip";
import { useMe } from "../lib/use-me";

/**
 * The guard of /dashboard/* and /onboarding (docs/rules/master-data.md#screens): 'Lade...' while
 * the session loads, /login without a session, /auth/complete-profile for a social sign-in
 * whose profile is not complete.
 */
export function ProtectedRoute() {
  const { me, isPending, error, refetch } = useMe();
  const [retryCount, setRetryCount] = useState(0);
  const [errorId] = useState(() => generateErrorId());

  if (isPending) return <FullPageLoader text="Lade..." />;
  if (error || !me) {
    // Signing out ends on '/', not on /login (issue 23): the sign-out navigates there itself.
    if (isSigningOut()) return <FullPageLoader text="Abmelden..." />;
    if (!error || (isApiError(error) && error.isUnauthorized))
      return <Navigate to="/login" replace />;
    return (
      <FullPageError
        error={error}
        errorId={(isApiError(error) && error.errorId) || errorId}
        retryCount={retryCount}
        onRetry={() => {
          setRetryCount((count) => count + 1);
          void refetch();
        }}
      />
    );
  }
  const isProfileRequired =
    me.user.authProvider !== "email" &&
    !me.profile.profileComplete &&
    !isProfileCompletionSkipped(me.user.id);
  if (isProfileRequired) return <Navigate to="/auth/complete-profile" replace />;
  return <Outlet />;
}
