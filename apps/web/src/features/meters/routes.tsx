import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const meterRoutes: FeatureRoutes = {
  dashboard: [
    { path: "meters", lazy: lazyPage(() => import("./pages/meters-page"), (m) => m.MetersPage) },
    { path: "meters/:meterId/readings", lazy: lazyPage(() => import("./pages/meter-readings-page"), (m) => m.MeterReadingsPage) },
    { path: "quick-meter-readings", lazy: lazyPage(() => import("./pages/quick-meter-readings-page"), (m) => m.QuickMeterReadingsPage) },
  ],
};
