import { defineConfig } from "vitest/config";

// One Vitest run, several projects: unit tests are fast and pure, integration tests boot the
// Hono app against a fresh database, e2e drives the built app in Chromium. Parallelism stays at 2
// because these machines have two cores. Projects without module mocks share each worker's module
// cache between files (isolate: false): re-importing the same module graph per file was a fifth
// of the integration suite's time.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // The command's tests start node with tsx: seconds when the two cores are busy.
      {
        test: {
          name: "engine",
          include: ["packages/engine/test/**/*.test.ts"],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: "contract",
          include: ["packages/contract/test/**/*.test.ts"],
          isolate: false,
        },
      },
      // The letter tests render real PDFs and read them back with poppler: seconds, not milliseconds.
      // Creating an embedded database in a hook takes seconds when the two cores are busy.
      {
        test: {
          name: "server-unit",
          include: ["apps/server/test/unit/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
        },
      },
      {
        test: {
          name: "server-integration",
          include: ["apps/server/test/integration/**/*.test.ts"],
          // The files share their worker's module cache: importing the server's module graph
          // anew for each of ~60 files cost about a fifth of the suite. Every file builds its own
          // app and database (test/support/test-app.ts), so no state is shared through modules.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Component tests (*.test.tsx) render forms and pages in jsdom with fetch answered by
      // test/support/fake-api.ts; they say so with a `@vitest-environment jsdom` line.
      {
        test: {
          name: "web",
          include: ["apps/web/test/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/test/support/setup.ts"],
          // A rendered form typed into by user-event takes seconds when the two cores are busy.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "lint-rules",
          include: ["eslint/test/**/*.test.ts"],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/tests/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Two files at a time, each with its own server and browser: a journey mostly waits for
          // the browser or the server, so two of them keep both cores busy.
          fileParallelism: true,
          // The browser waits for the app, not the other way round: under load (two cores shared)
          // a page can take seconds; expect.poll's default of one second made journeys flaky.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
