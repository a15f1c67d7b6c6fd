// The calculation thread's task when the server runs from its TypeScript source (tests, the
// bench, npm run dev): tsx is registered inside the thread first, because Node 20 does not apply
// the parent's `--import tsx` to a worker. The server build's thread loads
// dist/statement-calculation-worker.js.
import { register } from "tsx/esm/api";

register();

let worker;

/** piscina calls this default export; the TypeScript task is loaded with the first save. */
export default function calculationTask(request) {
  worker ??= import("./statement-calculation-worker.ts");
  return worker.then((loaded) => loaded.default(request));
}
