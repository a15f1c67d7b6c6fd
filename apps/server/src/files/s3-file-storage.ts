import fs from "node:fs/promises";
import aws4 from "aws4";
import type { S3Config } from "../config/env.ts";
import { assertFileKey, type FileStorage } from "./file-storage.ts";

export type S3Settings = S3Config;

class S3StorageError extends Error {}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The texts of every `<tag>` element of a ListObjectsV2 answer (flat elements, no attributes). */
function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((match) =>
    match[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!),
  );
}

/**
 * The size of one part of a multipart upload, and the largest file sent in one PUT. A part is
 * what an upload holds in memory (with fetch's copy of it: about twice this); S3 needs at least
 * 5 MiB a part but the last and allows 10,000 parts, so 8 MiB parts carry files up to 78 GiB. A
 * run's joined letters (about 780 MB for 10,000 letters, issue 32) are about 100 parts.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${XML_ENTITY_NAMES[char]!};`);
}

const XML_ENTITY_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(XML_ENTITIES).map(([name, char]) => [char, name]),
);

/** Reads `length` bytes from `offset` of the open file (a read may give fewer bytes than asked). */
async function readPart(file: fs.FileHandle, offset: number, length: number): Promise<Buffer> {
  const part = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(part, filled, length - filled, offset + filled);
    if (bytesRead === 0) throw new S3StorageError("Die Datei wurde beim Hochladen kürzer.");
    filled += bytesRead;
  }
  return part;
}

interface S3Request {
  body?: Uint8Array;
  contentType?: string;
  /** The query with its leading `?` ("?uploads", "?partNumber=1&uploadId=…"). */
  query?: string;
}

/**
 * S3-compatible object storage over plain HTTP with AWS Signature Version 4 (aws4), path-style
 * addresses (`{endpoint}/{bucket}/{key}`), which every S3-compatible server understands.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  const endpoint = new URL(settings.endpoint);
  const basePath = endpoint.pathname.replace(/\/$/, "");
  const credentials = {
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  };

  async function send(
    method: "GET" | "PUT" | "POST" | "DELETE",
    key: string,
    { body, contentType, query = "" }: S3Request = {},
  ): Promise<Response> {
    // A listing (a query on the bucket) has no key; everything else needs a valid one.
    if (key !== "" || query === "") assertFileKey(key);
    const bucketPath = `${basePath}/${encodeURIComponent(settings.bucket)}`;
    const objectPath = `${key === "" ? bucketPath : `${bucketPath}/${key.split("/").map(encodeURIComponent).join("/")}`}${query}`;
    const headers: Record<string, string> = {};
    if (contentType) headers["Content-Type"] = contentType;
    if (body) headers["Content-Length"] = String(body.byteLength);
    // A view on the same memory, not a copy (fetch makes its own): a part is 8 MiB. The stored
    // files' bytes never live on a SharedArrayBuffer.
    const bytes = body
      ? Buffer.from(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
      : undefined;
    const signed = aws4.sign(
      {
        host: endpoint.host,
        path: objectPath,
        method,
        service: "s3",
        region: settings.region,
        headers,
        body: bytes,
      },
      credentials,
    );
    const response = await fetch(`${endpoint.protocol}//${endpoint.host}${objectPath}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: bytes,
    });
    return response;
  }

  async function fail(action: string, key: string, response: Response): Promise<never> {
    const detail = (await response.text()).slice(0, 300);
    throw new S3StorageError(
      `S3 ${action} ${key} fehlgeschlagen: HTTP ${response.status} ${detail}`,
    );
  }

  async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const response = await send("PUT", key, { body, contentType });
    if (!response.ok) await fail("PUT", key, response);
    await response.arrayBuffer();
  }

  /**
   * A multipart upload (CreateMultipartUpload, UploadPart, CompleteMultipartUpload): each part
   * is read from the file, signed with its own hash and sent before the next is read, so the
   * upload holds one part in memory whatever the file's size. When anything fails the upload is
   * aborted (its parts removed) and no object appears under the key; an object that was there
   * before stays.
   */
  async function putInParts(
    key: string,
    filePath: string,
    byteLength: number,
    contentType: string,
  ): Promise<void> {
    const created = await send("POST", key, { contentType, query: "?uploads" });
    if (!created.ok) await fail("CreateMultipartUpload", key, created);
    const uploadId = xmlValues(await created.text(), "UploadId")[0];
    if (!uploadId) {
      throw new S3StorageError(
        `S3 CreateMultipartUpload ${key} fehlgeschlagen: die Antwort nennt keine UploadId`,
      );
    }
    const uploadQuery = `uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const etags: string[] = [];
      const file = await fs.open(filePath, "r");
      try {
        for (let offset = 0; offset < byteLength; offset += S3_PART_BYTES) {
          const partNumber = etags.length + 1;
          const part = await readPart(file, offset, Math.min(S3_PART_BYTES, byteLength - offset));
          const response = await send("PUT", key, {
            body: part,
            query: `?partNumber=${partNumber}&${uploadQuery}`,
          });
          if (!response.ok) await fail(`UploadPart ${partNumber}`, key, response);
          await response.arrayBuffer();
          const etag = response.headers.get("etag");
          if (!etag) {
            throw new S3StorageError(
              `S3 UploadPart ${partNumber} ${key} fehlgeschlagen: die Antwort nennt kein ETag`,
            );
          }
          etags.push(etag);
        }
      } finally {
        await file.close();
      }
      const parts = etags
        .map(
          (etag, index) =>
            `<Part><PartNumber>${index + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`,
        )
        .join("");
      const completed = await send("POST", key, {
        body: Buffer.from(`<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`, "utf8"),
        contentType: "application/xml",
        query: `?${uploadQuery}`,
      });
      if (!completed.ok) await fail("CompleteMultipartUpload", key, completed);
      const answer = await completed.text();
      // S3 may answer 200 and name the failure in the body (the completion takes a while): the
      // body then begins with the whitespace S3 sent meanwhile, so the error names its code and
      // message rather than the body's first characters.
      const [code] = xmlValues(answer, "Code");
      if (code !== undefined) {
        const message = (xmlValues(answer, "Message")[0] ?? "").slice(0, 300);
        throw new S3StorageError(
          `S3 CompleteMultipartUpload ${key} fehlgeschlagen: HTTP 200 ${code} ${message}`.trimEnd(),
        );
      }
    } catch (error) {
      // The original failure is what the caller needs; an abort that fails too leaves the parts
      // to the bucket's lifecycle rule for incomplete uploads (docs/operations.md).
      const aborted = await send("DELETE", key, { query: `?${uploadQuery}` }).catch(() => null);
      await aborted?.arrayBuffer();
      throw error;
    }
  }

  return {
    kind: "s3",
    put,
    async putFile(key, filePath, contentType) {
      assertFileKey(key);
      const { size } = await fs.stat(filePath);
      if (size <= S3_PART_BYTES) await put(key, await fs.readFile(filePath), contentType);
      else await putInParts(key, filePath, size, contentType);
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail("GET", key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async getStream(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) await fail("GET", key, response);
      const header = response.headers.get("content-length");
      const length = header === null ? Number.NaN : Number(header);
      if (!response.body || !Number.isSafeInteger(length)) {
        // A server that answers without a length: the file is read whole.
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { body: new Blob([bytes]).stream(), byteLength: bytes.byteLength };
      }
      return { body: response.body, byteLength: length };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail("DELETE", key, response);
      await response.arrayBuffer();
    },
    async deleteFolder(folder) {
      assertFileKey(folder);
      let removed = 0;
      // ListObjectsV2 page by page (at most 1,000 keys each), then one DELETE per key: the
      // multi-object delete needs a Content-MD5 that not every S3-compatible server accepts.
      let token: string | null = null;
      do {
        const params = new URLSearchParams({
          "list-type": "2",
          prefix: `${folder}/`,
          ...(token ? { "continuation-token": token } : {}),
        });
        const response = await send("GET", "", {
          query: `?${params.toString().replace(/\+/g, "%20")}`,
        });
        if (!response.ok) await fail("LIST", `${folder}/`, response);
        const xml = await response.text();
        for (const key of xmlValues(xml, "Key")) {
          await this.delete(key);
          removed += 1;
        }
        token =
          xmlValues(xml, "IsTruncated")[0] === "true"
            ? (xmlValues(xml, "NextContinuationToken")[0] ?? null)
            : null;
      } while (token);
      return removed;
    },
  };
}
