import { afterEach, vi } from "vitest";

// The web project's setup: component tests (a `@vitest-environment jsdom` line) unmount what
// they rendered and give fetch back; the pure tests run in node and skip this.
afterEach(async () => {
  vi.unstubAllGlobals();
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
