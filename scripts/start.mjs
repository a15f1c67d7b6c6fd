// `npm start`: builds what changed since the last build (usually nothing), then runs the
// compiled server in this process: plain JavaScript, no TypeScript loader. NODE_ENV decides
// the mode (development by default; production needs PUBLIC_URL and AUTH_SECRET, see
// docs/operations.md).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuild, SERVER_DIST } from "./build.mjs";

try {
  await ensureBuild("web");
  await ensureBuild("server");
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIST, "main.js")).href);
