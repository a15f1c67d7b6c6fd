import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import { z } from "zod";

/**
 * The resolver of a form whose inputs are not the request body itself (empty selects that mean
 * null, a tariff's utility type fixed by the dialog): `toBody` maps the inputs to the body, and
 * the contract's schema checks it with the server's rules and German messages. The field names
 * stay those of the body, so every message lands under its input; `toFormField` moves a body
 * field's message to another input where the form asks for it elsewhere.
 */
export function mappedZodResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toBody: (values: TValues) => unknown,
  toFormField: (bodyField: string, values: TValues) => string = (bodyField) => bodyField,
): Resolver<TValues, unknown, TOutput> {
  const formSchema = z.preprocess(
    (values) => toBody(values as TValues),
    schema,
  ) as unknown as z.ZodType<TOutput, TValues>;
  const resolve = zodResolver(formSchema) as unknown as Resolver<TValues, unknown, TOutput>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as Record<string, FieldError | undefined>;
    for (const bodyField of Object.keys(errors)) {
      const formField = toFormField(bodyField, values);
      if (formField === bodyField || errors[formField]) continue;
      errors[formField] = errors[bodyField];
      delete errors[bodyField];
    }
    return result;
  };
}
