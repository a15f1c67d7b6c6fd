import { z } from "zod";

/** Optional text: empty strings become null (the specification stores empty optionals as null). */
export function optionalText() {
  return z
    .string()
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });
}
