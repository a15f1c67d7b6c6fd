import { useState } from "react";
import { useLocation, useNavigate, useRouteError } from "react-router";
import { generateErrorId } from "../../lib/error-catalogue";
import { FullPageError } from "./full-page-error";

/**
 * The router's errorElement: errors the component boundary cannot see (a page bundle that
 * failed to load, an error in a layout). Retry navigates to the same address again.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const [errorId] = useState(() => {
    const serverId = (error as { errorId?: unknown } | null)?.errorId;
    return typeof serverId === "string" && serverId ? serverId : generateErrorId();
  });
  const retryCount = Number(
    (location.state as { errorRetryCount?: unknown } | null)?.errorRetryCount ?? 0,
  );

  return (
    <FullPageError
      error={error}
      errorId={errorId}
      retryCount={retryCount}
      onRetry={() =>
        navigate(`${location.pathname}${location.search}${location.hash}`, {
          replace: true,
          state: { errorRetryCount: retryCount + 1 },
        })
      }
    />
  );
}
