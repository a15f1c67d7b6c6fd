import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const landingRoutes: FeatureRoutes = {
  public: [
    { path: "/", lazy: lazyPage(() => import("./pages/landing-page"), (m) => m.LandingPage) },
    { path: "/agb", lazy: lazyPage(() => import("./pages/agb-page"), (m) => m.AgbPage) },
  ],
};
