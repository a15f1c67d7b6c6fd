import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export interface S3TestRequest {
  method: string;
  /** The names of the query's parameters, sorted ("partNumber,uploadId", "uploads", ""). */
  query: string;
  contentLength: number;
}

export interface S3TestServer {
  endpoint: string;
  /** Every request the server answered, in order. */
  requests: S3TestRequest[];
  /** The multipart uploads begun and neither completed nor aborted (their parts on disk). */
  openUploads(): string[];
  /** Makes every UploadPart with this number answer HTTP 500 until set back to null. */
  failPart(partNumber: number | null): void;
  /**
   * Makes every CompleteMultipartUpload answer HTTP 200 with an `<Error>` body (the upload left
   * as it was, not completed) until set back to false: S3 sends the 200 and its headers at once,
   * keeps the connection busy with whitespace while it joins the parts, and may then name a
   * failure in the body (its API reference, CompleteMultipartUpload).
   */
  failCompletionWith200(isFailing: boolean): void;
  close(): Promise<void>;
}

// Where s3rver keeps the parts of a bucket's unfinished uploads, one folder per upload id
// (its stores/filesystem.js: the resource 'uploads' of the empty key).
const UPLOADS_FOLDER = "._S3rver_uploads";

/**
 * s3rver (docs/decisions/1652-s3-test-server-fork.md) on 127.0.0.1 behind a small proxy that
 * records the requests, answers AbortMultipartUpload (s3rver refuses a DELETE with an upload id:
 * the proxy removes the upload's parts as S3 does) and can fail a part of an upload or its
 * completion.
 */
export async function startS3TestServer(bucket: string): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "nk-s3rver-"));
  const s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: s3rverPort } = await s3rver.run();
  const uploadsDirectory = path.join(directory, bucket, UPLOADS_FOLDER);
  const requests: S3TestRequest[] = [];
  let failingPart: number | null = null;
  let isCompletionFailing = false;
  // Its own agent, so that closing ends the kept-alive connections to s3rver too.
  const agent = new http.Agent({ keepAlive: true });

  function answerXml(response: http.ServerResponse, status: number, code: string): void {
    response.writeHead(status, { "Content-Type": "application/xml" });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  }

  const proxy = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const query = [...url.searchParams.keys()].sort().join(",");
    requests.push({
      method: request.method ?? "",
      query,
      contentLength: Number(request.headers["content-length"] ?? 0),
    });
    const uploadId = url.searchParams.get("uploadId");
    if (
      request.method === "PUT" &&
      uploadId &&
      Number(url.searchParams.get("partNumber")) === failingPart
    ) {
      request.resume();
      request.on("end", () => answerXml(response, 500, "InternalError"));
      return;
    }
    if (request.method === "POST" && uploadId && isCompletionFailing) {
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "Content-Type": "application/xml" });
        response.write('<?xml version="1.0" encoding="UTF-8"?>\n');
        // More whitespace than the first 300 characters of the answer: a long completion.
        for (let chunk = 0; chunk < 8; chunk += 1) response.write(" ".repeat(64));
        setTimeout(() => {
          response.end(
            "\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>",
          );
        }, 20);
      });
      return;
    }
    if (request.method === "DELETE" && uploadId) {
      request.resume();
      const uploadDirectory = path.join(uploadsDirectory, path.basename(uploadId));
      if (!fs.existsSync(uploadDirectory)) {
        answerXml(response, 404, "NoSuchUpload");
        return;
      }
      fs.rmSync(uploadDirectory, { recursive: true, force: true });
      response.writeHead(204);
      response.end();
      return;
    }
    const forwarded = http.request(
      {
        host: "127.0.0.1",
        port: s3rverPort,
        agent,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", (error) => response.destroy(error));
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as { port: number };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    openUploads: () => (fs.existsSync(uploadsDirectory) ? fs.readdirSync(uploadsDirectory) : []),
    failPart(partNumber) {
      failingPart = partNumber;
    },
    failCompletionWith200(isFailing) {
      isCompletionFailing = isFailing;
    },
    async close() {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      proxy.closeAllConnections();
      await closed;
      agent.destroy();
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
