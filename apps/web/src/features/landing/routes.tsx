import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const landingRoutes: FeatureRoutes = {
  public: [
    {
      path: "/",
      lazy: lazyPage(
        () => import("./pages/landing-page"),
        (m) => m.LandingPage,
      ),
    },
    {
      path: "/agb",
      lazy: lazyPage(
        () => import("./pages/agb-page"),
        (m) => m.AgbPage,
      ),
    },
    {
      path: "/impressum",
      lazy: lazyPage(
        () => import("./pages/impressum-page"),
        (m) => m.ImpressumPage,
      ),
    },
    {
      path: "/datenschutz",
      lazy: lazyPage(
        () => import("./pages/datenschutz-page"),
        (m) => m.DatenschutzPage,
      ),
    },
  ],
};
