import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.ts";
import { createFileStorage } from "../../src/files/create-file-storage.ts";
import type { FileStorage } from "../../src/files/file-storage.ts";
import { S3_PART_BYTES } from "../../src/files/s3-file-storage.ts";
import { startS3TestServer, type S3TestServer } from "../support/s3-test-server.ts";

// Both places of docs/rules/statements.md#pdfs-and-sending through the one interface: DATA_DIR/files, and an S3-compatible
// server that this test starts itself on the loopback address (s3rver behind a recording proxy,
// support/s3-test-server.ts).

const BUCKET = "nebenkosten-test";
const PDF_BYTES = new Uint8Array(
  Buffer.from("%PDF-1.7\n% Nebenkostenabrechnung äöüß €\n%%EOF\n", "utf8"),
);

let s3: S3TestServer;
let s3Endpoint = "";
let localDataDir = "";

beforeAll(async () => {
  localDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-files-"));
  s3 = await startS3TestServer(BUCKET);
  s3Endpoint = s3.endpoint;
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(localDataDir, { recursive: true, force: true });
});

function storages(): Array<[string, () => FileStorage]> {
  return [
    [
      "local",
      () =>
        createFileStorage(
          loadConfig({ NODE_ENV: "test", DATA_DIR: localDataDir, AUTH_SECRET: "x".repeat(32) }),
        ),
    ],
    ["s3", createS3Storage],
  ];
}

describe.each(storages())("file storage (%s)", (kind, create) => {
  it("chooses the place from the configuration", () => {
    expect(create().kind).toBe(kind);
  });

  it("writes, reads back byte for byte, replaces and deletes a file", async () => {
    const storage = create();
    const key = "statements/user-1/4b0e7c1e-0000-4000-8000-000000000001.pdf";
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, PDF_BYTES, "application/pdf");
    expect(Buffer.compare((await storage.get(key))!, Buffer.from(PDF_BYTES))).toBe(0);
    const replacement = new Uint8Array(Buffer.from("%PDF-1.7\n%%EOF\n"));
    await storage.put(key, replacement, "application/pdf");
    expect((await storage.get(key))!.toString("utf8")).toBe("%PDF-1.7\n%%EOF\n");
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it("stores a file from disk under a key, the file itself left where it was", async () => {
    const storage = create();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000002.pdf";
    const source = path.join(localDataDir, "joined-letters.pdf");
    fs.writeFileSync(source, PDF_BYTES);
    await storage.putFile(key, source, "application/pdf");
    expect(Buffer.compare((await storage.get(key))!, Buffer.from(PDF_BYTES))).toBe(0);
    expect(fs.existsSync(source)).toBe(true);
    await expect(storage.putFile("../joined.pdf", source, "application/pdf")).rejects.toThrow(
      "Ungültiger Dateischlüssel",
    );
    await storage.delete(key);
    fs.rmSync(source);
  });

  it("streams a stored file with its length, and answers null for a missing one", async () => {
    const storage = create();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000003.pdf";
    expect(await storage.getStream(key)).toBeNull();
    // Larger than one read of a stream (64 KiB), so that the stream gives several parts.
    const large = Buffer.alloc(300_000);
    for (let index = 0; index < large.length; index += 1) large[index] = (index * 7) % 251;
    await storage.put(key, large, "application/pdf");
    const file = await storage.getStream(key);
    expect(file?.byteLength).toBe(large.length);
    const parts: Uint8Array[] = [];
    const reader = file!.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      parts.push(read.value);
    expect(Buffer.compare(Buffer.concat(parts), large)).toBe(0);
    await expect(storage.getStream("../secret.pdf")).rejects.toThrow("Ungültiger Dateischlüssel");
    await storage.delete(key);
  });

  it("deletes a folder of files (an account's PDFs) and nothing beside it", async () => {
    const storage = create();
    const mine = [
      "statements/user-del/a.pdf",
      "statements/user-del/b.pdf",
      "statements/user-del/runs/r-briefe.pdf",
    ];
    const others = ["statements/user-del2/a.pdf", "statements/user-delx.pdf"];
    for (const key of [...mine, ...others]) await storage.put(key, PDF_BYTES, "application/pdf");
    const removed = await storage.deleteFolder("statements/user-del");
    expect(removed).toBe(kind === "s3" ? 3 : 1);
    for (const key of mine) expect(await storage.get(key), key).toBeNull();
    for (const key of others) expect(await storage.get(key), key).not.toBeNull();
    expect(await storage.deleteFolder("statements/user-del")).toBe(0);
    await expect(storage.deleteFolder("../statements")).rejects.toThrow(
      "Ungültiger Dateischlüssel",
    );
  });

  it("refuses keys that could leave the folder or the bucket", async () => {
    const storage = create();
    for (const key of ["../secret.pdf", "/etc/passwd", "statements/../../x.pdf", "a b.pdf", ""]) {
      await expect(storage.put(key, PDF_BYTES, "application/pdf"), key).rejects.toThrow(
        "Ungültiger Dateischlüssel",
      );
    }
  });
});

/** The S3 store on the test server (s3rver behind the recording proxy). */
function createS3Storage(): FileStorage {
  return createFileStorage(
    loadConfig({
      NODE_ENV: "test",
      DATA_DIR: localDataDir,
      AUTH_SECRET: "x".repeat(32),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    }),
  );
}

describe("file storage (s3) of a file larger than one part", () => {
  // Two whole parts and a short last one; every byte position differs from its neighbours'
  // in the other parts (a part sent twice or out of order would not compare equal).
  function writeLargeFile(name: string): { file: string; bytes: Buffer } {
    const bytes = Buffer.alloc(2 * S3_PART_BYTES + 12_344);
    for (let index = 0; index < bytes.length; index += 4) bytes.writeUInt32BE(index, index);
    const file = path.join(localDataDir, name);
    fs.writeFileSync(file, bytes);
    return { file, bytes };
  }

  function requestsSince(first: number): string[] {
    return s3.requests.slice(first).map((request) => `${request.method} ${request.query}`);
  }

  it("sends it in parts, one part at a time, and the object arrives byte for byte", async () => {
    const storage = createS3Storage();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000011.pdf";
    const { file, bytes } = writeLargeFile("joined-large.pdf");
    const first = s3.requests.length;
    await storage.putFile(key, file, "application/pdf");
    expect(requestsSince(first)).toEqual([
      "POST uploads",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "POST uploadId",
    ]);
    expect(s3.requests.slice(first + 1, first + 4).map((request) => request.contentLength)).toEqual(
      [S3_PART_BYTES, S3_PART_BYTES, 12_344],
    );
    expect(Buffer.compare((await storage.get(key))!, bytes)).toBe(0);
    expect((await storage.getStream(key))?.byteLength).toBe(bytes.length);
    expect(s3.openUploads()).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    await storage.delete(key);
    fs.rmSync(file);
  });

  it("sends a file of one part's size or less in one PUT", async () => {
    const storage = createS3Storage();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000012.pdf";
    const file = path.join(localDataDir, "joined-one-part.pdf");
    const bytes = Buffer.alloc(S3_PART_BYTES, 7);
    fs.writeFileSync(file, bytes);
    const first = s3.requests.length;
    await storage.putFile(key, file, "application/pdf");
    expect(requestsSince(first)).toEqual(["PUT "]);
    expect(Buffer.compare((await storage.get(key))!, bytes)).toBe(0);
    await storage.delete(key);
    fs.rmSync(file);
  });

  it("aborts the upload when a part fails: no object, no parts left, the failure in German", async () => {
    const storage = createS3Storage();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000013.pdf";
    const { file } = writeLargeFile("joined-failing.pdf");
    const first = s3.requests.length;
    s3.failPart(2);
    try {
      await expect(storage.putFile(key, file, "application/pdf")).rejects.toThrow(
        new RegExp(`S3 UploadPart 2 ${key} fehlgeschlagen: HTTP 500 .*InternalError`),
      );
    } finally {
      s3.failPart(null);
    }
    expect(requestsSince(first)).toEqual([
      "POST uploads",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "DELETE uploadId",
    ]);
    expect(await storage.get(key)).toBeNull();
    expect(s3.openUploads()).toEqual([]);

    // An object that was under the key before stays when a later upload fails.
    await storage.put(key, PDF_BYTES, "application/pdf");
    s3.failPart(3);
    try {
      await expect(storage.putFile(key, file, "application/pdf")).rejects.toThrow(
        "S3 UploadPart 3",
      );
    } finally {
      s3.failPart(null);
    }
    expect(Buffer.compare((await storage.get(key))!, Buffer.from(PDF_BYTES))).toBe(0);
    expect(s3.openUploads()).toEqual([]);
    await storage.delete(key);
    fs.rmSync(file);
  });

  it("aborts the upload when the completion answers 200 with an error: no object, the failure named", async () => {
    const storage = createS3Storage();
    const key = "statements/user-1/batches/4b0e7c1e-0000-4000-8000-000000000014.pdf";
    const { file } = writeLargeFile("joined-completion-failing.pdf");
    const first = s3.requests.length;
    s3.failCompletionWith200(true);
    try {
      await expect(storage.putFile(key, file, "application/pdf")).rejects.toThrow(
        `S3 CompleteMultipartUpload ${key} fehlgeschlagen: HTTP 200 InternalError We encountered an internal error. Please try again.`,
      );
    } finally {
      s3.failCompletionWith200(false);
    }
    expect(requestsSince(first)).toEqual([
      "POST uploads",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "POST uploadId",
      "DELETE uploadId",
    ]);
    expect(await storage.get(key)).toBeNull();
    expect(s3.openUploads()).toEqual([]);

    // An object that was under the key before stays, unchanged, when the completion fails.
    await storage.put(key, PDF_BYTES, "application/pdf");
    s3.failCompletionWith200(true);
    try {
      await expect(storage.putFile(key, file, "application/pdf")).rejects.toThrow(
        "S3 CompleteMultipartUpload",
      );
    } finally {
      s3.failCompletionWith200(false);
    }
    expect(Buffer.compare((await storage.get(key))!, Buffer.from(PDF_BYTES))).toBe(0);
    expect(s3.openUploads()).toEqual([]);
    await storage.delete(key);
    fs.rmSync(file);
  });
});

// s3rver (the @20minutes fork too) checks the key id but not the SigV4 signature itself (its v4 check is unimplemented).
describe("file storage (s3) with an unknown key id", () => {
  it("fails loudly instead of losing the file", async () => {
    const storage = createFileStorage(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: localDataDir,
        AUTH_SECRET: "x".repeat(32),
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: "UNBEKANNT",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      }),
    );
    await expect(storage.put("statements/x.pdf", PDF_BYTES, "application/pdf")).rejects.toThrow(
      /S3 PUT statements\/x.pdf fehlgeschlagen: HTTP 403/,
    );
  });
});

describe("S3 configuration", () => {
  it("needs the key id and secret with a bucket, in German", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "test", AUTH_SECRET: "x".repeat(32), S3_BUCKET: "b" }),
    ).toThrow(/S3_ACCESS_KEY_ID: ist erforderlich, wenn S3_BUCKET gesetzt ist/);
  });
});
