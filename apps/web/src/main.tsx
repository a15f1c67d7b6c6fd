import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { router } from "./app/router";
import { installMonitoring, monitor } from "./lib/monitoring/browser-monitoring";
import { observeRouteLoads } from "./lib/monitoring/route-timing";
import { registerServiceWorker } from "./lib/register-service-worker";
import "./index.css";

installMonitoring();
observeRouteLoads(router, monitor);
if (import.meta.env.PROD) registerServiceWorker();

const container = document.getElementById("root");
if (!container) throw new Error("Element #root fehlt in index.html");

// Errors that an error boundary shows (the error screens) are reported like uncaught ones.
createRoot(container, {
  onCaughtError: (error) => monitor.reportError("react", error),
  onUncaughtError: (error) => monitor.reportError("react", error),
}).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
