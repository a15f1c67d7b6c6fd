import aws4 from "aws4";
import type { S3Config } from "../config/env.ts";
import { assertFileKey, type FileStorage } from "./file-storage.ts";

export type S3Settings = S3Config;

export class S3StorageError extends Error {}

/**
 * S3-compatible object storage over plain HTTP with AWS Signature Version 4 (aws4), path-style
 * addresses (`{endpoint}/{bucket}/{key}`), which every S3-compatible server understands.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  const endpoint = new URL(settings.endpoint);
  const basePath = endpoint.pathname.replace(/\/$/, "");
  const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };

  async function send(method: "GET" | "PUT" | "DELETE", key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    assertFileKey(key);
    const objectPath = `${basePath}/${encodeURIComponent(settings.bucket)}/${key.split("/").map(encodeURIComponent).join("/")}`;
    const headers: Record<string, string> = {};
    if (contentType) headers["Content-Type"] = contentType;
    if (body) headers["Content-Length"] = String(body.byteLength);
    const signed = aws4.sign(
      { host: endpoint.host, path: objectPath, method, service: "s3", region: settings.region, headers, body: body ? Buffer.from(body) : undefined },
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
    throw new S3StorageError(`S3 ${action} ${key} fehlgeschlagen: HTTP ${response.status} ${detail}`);
  }

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const response = await send("PUT", key, body, contentType);
      if (!response.ok) await fail("PUT", key, response);
      await response.arrayBuffer();
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
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) await fail("DELETE", key, response);
      await response.arrayBuffer();
    },
  };
}
