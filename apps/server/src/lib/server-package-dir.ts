import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of the server package (apps/server), found from wherever this code runs: the
 * TypeScript source (src/lib/) or the compiled bundle (dist/, dist/chunks/).
 */
function findServerPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (
      fs.existsSync(manifest) &&
      (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string }).name === "@nk/server"
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("apps/server/package.json not found above the running code");
    dir = parent;
  }
}

export const SERVER_PACKAGE_DIR = findServerPackageDir();
