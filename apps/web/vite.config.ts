import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// The built app is served by the Node server (apps/server) from apps/web/dist. In development
// Vite serves the app on :5173 and forwards /api to the server on :3000, so cookies stay
// same-origin in both setups.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
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
