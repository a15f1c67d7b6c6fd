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
    method: "GET" | "PUT" | "DELETE",
    key: string,
    body?: Uint8Array,
    contentType?: string,
    query = "",
  ): Promise<Response> {
    // A listing (a query on the bucket) has no key; everything else needs a valid one.
    if (query === "") assertFileKey(key);
    const bucketPath = `${basePath}/${encodeURIComponent(settings.bucket)}`;
    const objectPath = `${key === "" ? bucketPath : `${bucketPath}/${key.split("/").map(encodeURIComponent).join("/")}`}${query}`;
    const headers: Record<string, string> = {};
    if (contentType) headers["Content-Type"] = contentType;
    if (body) headers["Content-Length"] = String(body.byteLength);
    const signed = aws4.sign(
      {
        host: endpoint.host,
        path: objectPath,
        method,
        service: "s3",
        region: settings.region,
        headers,
        body: body ? Buffer.from(body) : undefined,
      },
      credentials,
    );
    const response = await fetch(`${endpoint.protocol}//${endpoint.host}${objectPath}`, {
      method,
      headers: signed.headers as Record<string, string>,
      body: body ? Buffer.from(body) : undefined,
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
    const response = await send("PUT", key, body, contentType);
    if (!response.ok) await fail("PUT", key, response);
    await response.arrayBuffer();
  }

  return {
    kind: "s3",
    put,
    // One signed PUT needs the body's hash and length: the file is read whole (a multipart upload would not).
    async putFile(key, filePath, contentType) {
      assertFileKey(key);
      await put(key, await fs.readFile(filePath), contentType);
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
        const response = await send(
          "GET",
          "",
          undefined,
          undefined,
          `?${params.toString().replace(/\+/g, "%20")}`,
        );
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
