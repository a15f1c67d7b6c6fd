import { createBrowserRouter, type RouteObject } from "react-router";
import { RouteErrorScreen } from "../components/error/route-error-screen";
import { NotFound, NotFoundPage } from "../components/not-found";
import { FullPageLoader } from "../components/ui/spinner";
import { setUnauthorizedHandler } from "../lib/api-client";
import type { FeatureRoutes } from "../lib/feature-routes";
import { queryClient } from "../lib/query-client";
import { ME_QUERY_KEY } from "../lib/use-me";
import { DashboardLayout } from "./layouts/dashboard-layout";
import { RootLayout } from "./layouts/root-layout";
import { ProtectedRoute } from "./protected-route";

// The route registry. A feature exports a `FeatureRoutes` object from
// `features/<feature>/routes.tsx`; add one import here and one entry to FEATURES.
import { landingRoutes } from "../features/landing/routes";
import { authRoutes } from "../features/auth/routes";
import { dashboardRoutes } from "../features/dashboard/routes";
import { propertyRoutes } from "../features/properties/routes";
import { tenantRoutes } from "../features/tenants/routes";
import { meterRoutes } from "../features/meters/routes";
import { rateRoutes } from "../features/rates/routes";
import { statementRoutes } from "../features/statements/routes";
import { settingsRoutes } from "../features/settings/routes";
import { activityRoutes } from "../features/activity/routes";
import { helpRoutes } from "../features/help/routes";
import { importRoutes } from "../features/imports/routes";

const FEATURES: FeatureRoutes[] = [
  landingRoutes,
  authRoutes,
  dashboardRoutes,
  propertyRoutes,
  tenantRoutes,
  meterRoutes,
  rateRoutes,
  statementRoutes,
  settingsRoutes,
  activityRoutes,
  helpRoutes,
  importRoutes,
];

function collect(slot: keyof FeatureRoutes): RouteObject[] {
  return FEATURES.flatMap((feature) => feature[slot] ?? []);
}

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: () => <FullPageLoader text="Lade..." />,
    children: [
      ...collect("public"),
      {
        element: <ProtectedRoute />,
        children: [
          ...collect("protected"),
          {
            path: "/dashboard",
            element: <DashboardLayout />,
            children: [
              ...collect("dashboard"),
              { path: "*", element: <NotFound homeTo="/dashboard" homeLabel="Zur Übersicht" /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 from any API call (outside /api/auth/* and the guard's /api/me) ends the session view of
// the signed-in pages; on the public pages (where sign-out ends) a late 401 changes nothing.
setUnauthorizedHandler(() => {
  queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
  const path = router.state.location.pathname;
  if (
    path.startsWith("/dashboard") ||
    path.startsWith("/onboarding") ||
    path.startsWith("/auth/complete-profile")
  )
    void router.navigate("/login", { replace: true });
});
