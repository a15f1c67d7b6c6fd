import { lazyPage, type FeatureRoutes } from "../../lib/feature-routes";

export const statementRoutes: FeatureRoutes = {
  dashboard: [
    {
      path: "statements",
      lazy: lazyPage(
        () => import("./pages/statement-history-page"),
        (m) => m.StatementHistoryPage,
      ),
    },
    {
      path: "statements/new",
      lazy: lazyPage(
        () => import("./pages/new-statement-page"),
        (m) => m.NewStatementPage,
      ),
    },
    {
      path: "statements/edit/:statementId",
      lazy: lazyPage(
        () => import("./pages/edit-statement-page"),
        (m) => m.EditStatementPage,
      ),
    },
    {
      path: "statements/:statementId",
      lazy: lazyPage(
        () => import("./pages/statement-run-page"),
        (m) => m.StatementRunPage,
      ),
    },
  ],
};
