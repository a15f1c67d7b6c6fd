import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const activityRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "activity",
      lazy: lazyPage(
        () => import("./pages/activity-page"),
        (m) => m.ActivityPage,
      ),
    },
  ],
};
