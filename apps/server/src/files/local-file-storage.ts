import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertFileKey, type FileStorage } from "./file-storage.ts";

/** Files under `{dataDir}/files/{key}`; written to a temporary name first, then renamed (never half a file). */
export function createLocalFileStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, "files");
  const resolve = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, body) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, body);
      await fs.rename(temporary, target);
    },
    async putFile(key, filePath) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.copyFile(filePath, temporary);
      await fs.rename(temporary, target);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async getStream(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(resolve(key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream closes the file when it ends, fails or is cancelled (the client went away).
        const stream = handle.createReadStream({ autoClose: true });
        return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, byteLength: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deleteFolder(folder) {
      const target = resolve(folder);
      const existed = await fs.stat(target).then(
        () => 1,
        () => 0,
      );
      await fs.rm(target, { recursive: true, force: true });
      return existed;
    },
  };
}
