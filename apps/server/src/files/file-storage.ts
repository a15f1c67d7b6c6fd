// Stored files (statement PDFs): one interface, two places (docs/rules/statements.md#pdfs-and-sending). Files live in
// DATA_DIR/files by default and in S3-compatible storage when S3_BUCKET is set. Nothing is ever
// public: the server reads a file and answers it to the owner's session (decision 0601).

export interface StoredFileStream {
  body: ReadableStream<Uint8Array>;
  byteLength: number;
}

export interface FileStorage {
  /** 'local' or 's3', for logs and the health view. */
  readonly kind: "local" | "s3";
  /** Writes the file whole; an existing file under the key is replaced. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the file at `filePath` (which stays) under the key: a run's joined letters, 75 MB for
   * 1,000 letters (decision 1610). Local: copied on disk, never read into memory; S3: up to 8 MiB
   * in one PUT, larger in parts of 8 MiB read one at a time (decision 1850).
   */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The file as a stream and its length, or null when there is none under the key: a run's
   * joined letters (about 78 MB for 1,000 letters, 0.8 GB for 10,000) are answered from it
   * without being held in memory (issue 32).
   */
  getStream(key: string): Promise<StoredFileStream | null>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file whose key starts with `folder/` (an account's PDFs: 'statements/{userId}');
   * nothing there is not an error. Answers how many files were removed (local: 0 or 1, the folder).
   */
  deleteFolder(folder: string): Promise<number>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Keys are relative paths of plain segments ('statements/{userId}/{id}.pdf'): no '..', no leading
 * slash, no spaces, so a key can never point outside the files folder or the bucket.
 */
export function assertFileKey(key: string): void {
  if (
    !KEY_PATTERN.test(key) ||
    key.split("/").some((segment) => segment === "." || segment === "..")
  ) {
    throw new Error(`Ungültiger Dateischlüssel: ${key}`);
  }
}
