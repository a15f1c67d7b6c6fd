import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const rateRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "rates",
      lazy: lazyPage(
        () => import("./pages/rates-page"),
        (m) => m.RatesPage,
      ),
    },
  ],
};
