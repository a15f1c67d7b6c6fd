import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { SERVICE_WORKER_ENTRY, serviceWorkerManifest } from "./service-worker-plugin.ts";

// The built app is served by the Node server (apps/server) from apps/web/dist. In development
// Vite serves the app on :5173 and forwards /api to the server on :3000, so cookies stay
// same-origin in both setups. The service worker is a second entry, written to /sw.js.
export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorkerManifest()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      input: { index: "index.html", [SERVICE_WORKER_ENTRY]: "service-worker/sw.ts" },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === SERVICE_WORKER_ENTRY ? "sw.js" : "assets/[name]-[hash].js",
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
