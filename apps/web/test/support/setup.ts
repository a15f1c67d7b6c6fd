import { afterEach, vi } from "vitest";

// The web project's setup: component tests (a `@vitest-environment jsdom` line) unmount what
// they rendered and give fetch back; the pure tests run in node and skip this.

if (typeof window !== "undefined") {
  // jsdom lays nothing out: no media query matches, and no element is ever resized.
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  window.scrollTo = () => undefined;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
  // Drafts (tenant form) live in localStorage: each test starts without them.
  window.localStorage.clear();
});
