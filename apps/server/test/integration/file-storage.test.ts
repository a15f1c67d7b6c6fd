import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load-config.ts";
import { createFileStorage } from "../../src/files/create-file-storage.ts";
import type { FileStorage } from "../../src/files/file-storage.ts";

// Both places of docs/rules/statements.md#pdfs-and-sending through the one interface: DATA_DIR/files, and an S3-compatible
// server that this test starts itself on the loopback address (s3rver, checks SigV4 signatures).

const BUCKET = "nebenkosten-test";
const PDF_BYTES = new Uint8Array(
  Buffer.from("%PDF-1.7\n% Nebenkostenabrechnung äöüß €\n%%EOF\n", "utf8"),
);

let s3Server: { close(): Promise<void> } | undefined;
let s3Endpoint = "";
let s3Directory = "";
let localDataDir = "";

beforeAll(async () => {
  s3Directory = fs.mkdtempSync(path.join(os.tmpdir(), "nk-s3rver-"));
  localDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nk-files-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await server.run();
  s3Server = server;
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3Server?.close();
  fs.rmSync(s3Directory, { recursive: true, force: true });
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
    [
      "s3",
      () =>
        createFileStorage(
          loadConfig({
            NODE_ENV: "test",
            DATA_DIR: localDataDir,
            AUTH_SECRET: "x".repeat(32),
            S3_BUCKET: BUCKET,
            S3_ENDPOINT: s3Endpoint,
            S3_ACCESS_KEY_ID: "S3RVER",
            S3_SECRET_ACCESS_KEY: "S3RVER",
          }),
        ),
    ],
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
