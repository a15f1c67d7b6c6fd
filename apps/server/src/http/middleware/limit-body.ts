import { bodyLimit } from "hono/body-limit";
import type { ErrorBody } from "@nk/contract";

/** Refuses request bodies over `maxBytes` with 413 in the one error shape, naming the limit in KB. */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const body: ErrorBody = {
        error: {
          code: "PAYLOAD_TOO_LARGE",
          message: `Die Anfrage ist zu groß (höchstens ${Math.round(maxBytes / 1024)} KB).`,
        },
      };
      return c.json(body, 413);
    },
  });
}
