import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const importRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "imports",
      lazy: lazyPage(
        () => import("./pages/imports-page"),
        (m) => m.ImportsPage,
      ),
    },
    {
      path: "imports/bank-statements",
      lazy: lazyPage(
        () => import("./pages/bank-import-page"),
        (m) => m.BankImportPage,
      ),
    },
    {
      path: "imports/metering-results",
      lazy: lazyPage(
        () => import("./pages/metering-import-page"),
        (m) => m.MeteringImportPage,
      ),
    },
    {
      path: "imports/readings",
      lazy: lazyPage(
        () => import("./pages/reading-import-page"),
        (m) => m.ReadingImportPage,
      ),
    },
  ],
};
