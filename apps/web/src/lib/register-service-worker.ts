/**
 * Registers the service worker /sw.js after the page has loaded (docs/rules/master-data.md,
 * 'Other'), in the built app only: the development server has no /sw.js. A failed
 * registration is only logged.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  const register = () => {
    container
      .register("/sw.js")
      .catch((error: unknown) =>
        console.warn("Service Worker konnte nicht registriert werden", error),
      );
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
