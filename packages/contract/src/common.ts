import { z } from "zod";

// What text the product stores. A control character (NUL above all: PostgreSQL cannot store it
// in text) or half of a UTF-16 surrogate pair (no character at all; stored it becomes U+FFFD)
// is never something a person typed. Line breaks and tabs belong only to multi-line fields.

export const CONTROL_CHARACTER_MESSAGE = "Der Text enthält unzulässige Steuerzeichen.";
export const LINE_BREAK_MESSAGE = "Zeilenumbrüche sind in diesem Feld nicht erlaubt.";
export const BROKEN_CHARACTER_MESSAGE = "Der Text enthält ein ungültiges Zeichen.";

// C0 controls except tab, line feed, carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` cannot be stored as text, or null when it can. */
export function findTextProblem(
  value: string,
  { multiLine = false }: { multiLine?: boolean } = {},
): string | null {
  if (CONTROL_EXCEPT_LINE_BREAKS.test(value)) return CONTROL_CHARACTER_MESSAGE;
  if (UNPAIRED_SURROGATE.test(value)) return BROKEN_CHARACTER_MESSAGE;
  if (!multiLine && LINE_BREAKS_AND_TABS.test(value)) return LINE_BREAK_MESSAGE;
  return null;
}

/** Adds the text rules to a string schema (single line unless `multiLine`). */
export function refineText(schema: z.ZodString, options: { multiLine?: boolean } = {}) {
  return schema.superRefine((value, ctx) => {
    const problem = findTextProblem(value, options);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** Optional text: empty strings become null (the specification stores empty optionals as null). */
export function optionalText(options: { multiLine?: boolean } = {}) {
  return refineText(z.string(), options)
    .nullish()
    .transform((v) => {
      const t = v?.trim();
      return t ? t : null;
    });
}
