import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const settingsRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "settings",
      lazy: lazyPage(
        () => import("./pages/settings-page"),
        (m) => m.SettingsPage,
      ),
    },
  ],
};
