import { bodyLimit } from "hono/body-limit";
import type { ErrorBody } from "@nk/contract";

/**
 * Refuses request bodies over `maxBytes` with 413 in the one error shape, naming the limit in KB
 * (or with `message`: the import routes name the file's limit). Hono counts the bytes as they
 * arrive and stops reading at the limit; a declared Content-Length above it is refused at once.
 */
export function limitBody(maxBytes: number, message?: string) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const body: ErrorBody = {
        error: {
          code: "PAYLOAD_TOO_LARGE",
          message:
            message ?? `Die Anfrage ist zu groß (höchstens ${Math.round(maxBytes / 1024)} KB).`,
        },
      };
      return c.json(body, 413);
    },
  });
}
