import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const dashboardRoutes: FeatureRoutes = {
  dashboard: [{ index: true, lazy: lazyPage(() => import("./pages/overview-page"), (m) => m.OverviewPage) }],
};
