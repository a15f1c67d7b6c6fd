import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const dashboardRoutes: FeatureRoutes = {
  dashboard: [
    {
      index: true,
      lazy: lazyPage(
        () => import("./pages/overview-page"),
        (m) => m.OverviewPage,
      ),
    },
    // Issue 30: the § 556 (3) BGB deadlines.
    {
      path: "deadlines",
      lazy: lazyPage(
        () => import("./pages/deadlines-page"),
        (m) => m.DeadlinesPage,
      ),
    },
  ],
};
