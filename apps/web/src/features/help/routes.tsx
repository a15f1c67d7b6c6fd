import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const helpRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "help",
      lazy: lazyPage(
        () => import("./pages/help-page"),
        (m) => m.HelpPage,
      ),
    },
  ],
};
