import { defineConfig } from "vitest/config";

// One Vitest run, several projects: unit tests are fast and pure, integration tests boot the
// Hono app against a fresh database, e2e drives the built app in Chromium. Parallelism stays at 2
// because these machines have two cores.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: "engine", include: ["packages/engine/test/**/*.test.ts"] } },
      { test: { name: "contract", include: ["packages/contract/test/**/*.test.ts"] } },
      // The letter tests render real PDFs and read them back with poppler: seconds, not milliseconds.
      // Starting an embedded PGlite in a hook takes over 10 s on a loaded 2-core machine: hooks get the tests' bound.
      { test: { name: "server-unit", include: ["apps/server/test/unit/**/*.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 } },
      {
        test: {
          name: "server-integration",
          include: ["apps/server/test/integration/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: "web", include: ["apps/web/test/**/*.test.ts"] } },
      { test: { name: "lint-rules", include: ["eslint/test/**/*.test.ts"], testTimeout: 30_000 } },
      {
        test: {
          name: "e2e",
          include: ["e2e/tests/**/*.test.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // The browser waits for the app, not the other way round: under load (two cores shared)
          // a page can take seconds; expect.poll's default of one second made journeys flaky.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
