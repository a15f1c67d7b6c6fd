// The database thread when the server runs from its TypeScript source (tests, the bench, npm run
// dev): tsx is registered inside the thread first, because Node 20 does not apply the parent's
// `--import tsx` to a worker's entry file. The server build starts dist/pglite-worker.js.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
