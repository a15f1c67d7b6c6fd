// The letter thread's task when the server runs from its TypeScript source (tests, the bench,
// npm run dev): tsx is registered inside the thread first, because Node 20 does not apply the
// parent's `--import tsx` to a worker. The server build's threads load dist/letter-render-worker.js.
import { register } from "tsx/esm/api";

register();

let worker;

/** piscina calls this default export; the TypeScript worker is loaded with the first letter. */
export default function renderLetterTask(request) {
  worker ??= import("./letter-render-worker.ts");
  return worker.then((loaded) => loaded.default(request));
}
