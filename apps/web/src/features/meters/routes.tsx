import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const meterRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "meters",
      lazy: lazyPage(
        () => import("./pages/meters-page"),
        (m) => m.MetersPage,
      ),
    },
    {
      path: "meters/:meterId/readings",
      lazy: lazyPage(
        () => import("./pages/meter-readings-page"),
        (m) => m.MeterReadingsPage,
      ),
    },
    // Issue 30, item 2: the § 6a HeizkV monthly consumption information.
    {
      path: "monthly-information",
      lazy: lazyPage(
        () => import("./pages/monthly-information-page"),
        (m) => m.MonthlyInformationPage,
      ),
    },
    {
      path: "quick-meter-readings",
      lazy: lazyPage(
        () => import("./pages/quick-meter-readings-page"),
        (m) => m.QuickMeterReadingsPage,
      ),
    },
  ],
};
