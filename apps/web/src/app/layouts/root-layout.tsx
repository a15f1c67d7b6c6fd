import { Outlet, ScrollRestoration } from "react-router";
import { AppErrorBoundary } from "../../components/error/app-error-boundary";
import { NavigationToastListener } from "../../components/ui/toast";

/** Wraps every page: error boundary, toasts passed through navigation, scroll restoration. */
export function RootLayout() {
  return (
    <AppErrorBoundary>
      <NavigationToastListener />
      <ScrollRestoration />
      <Outlet />
    </AppErrorBoundary>
  );
}
