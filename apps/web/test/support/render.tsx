import type { ReactElement, ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { ToastProvider } from "../../src/components/ui/toast";
import { createQueryClient } from "../../src/lib/query-client";

/** Where the app navigated to: rendered by the catch-all route beside the page under test. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/**
 * Renders a page or form as the app does (app/providers.tsx): a fresh query client per test (no
 * retries of 4xx, as in production), the toasts, and a router at `url`. Returns the user-event
 * instance to type and click with.
 */
export function renderWithApp(
  ui: ReactElement,
  { url = "/", path = "*" }: { url?: string; path?: string } = {},
) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={path} element={ui} />
        {path === "*" ? null : <Route path="*" element={<LocationProbe />} />}
      </Routes>
    </MemoryRouter>,
    { wrapper },
  );
  return { ...result, user, queryClient };
}
