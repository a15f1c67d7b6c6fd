import type { Config } from "../config/env.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalFileStorage } from "./local-file-storage.ts";
import { createS3FileStorage } from "./s3-file-storage.ts";

/** S3 when the configuration names a bucket, else DATA_DIR/files (docs/rules/statements.md#pdfs-and-sending). */
export function createFileStorage(config: Pick<Config, "dataDir" | "s3">): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(config.dataDir);
}
