import type { DataRouter } from "react-router";
import type { Monitor } from "./monitor";

/** Records how long each route change takes to load (lazy page modules, loaders). */
export function observeRouteLoads(
  router: Pick<DataRouter, "subscribe">,
  monitor: Monitor,
): () => void {
  let startedAt: number | null = null;
  return router.subscribe((state) => {
    if (state.navigation.state !== "idle" && startedAt === null) startedAt = performance.now();
    if (state.navigation.state === "idle" && startedAt !== null) {
      monitor.recordDuration("route.load", performance.now() - startedAt, state.location.pathname);
      startedAt = null;
    }
  });
}
