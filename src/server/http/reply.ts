// Answers a call with its response schema from src/shared/contracts: the value is checked against
// the schema and only the schema's fields are sent, so a column added to a row never leaks into an
// answer, and the web reads the same schema (apiFetch({ schema })). A value that does not match is
// our bug: it is logged and answered 500, never blamed on the caller as a 400.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export class ResponseShapeError extends Error {
  constructor(path: string, issues: z.core.$ZodIssue[]) {
    super(
      `The answer to ${path} does not match its schema: ${issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(root)"} ${i.message}`)
        .join("; ")}`,
    );
    this.name = "ResponseShapeError";
  }
}

export function reply<S extends z.ZodType>(
  c: Context,
  schema: S,
  value: z.input<S>,
  status: ContentfulStatusCode = 200,
) {
  return c.json(checked(c, schema, value), status);
}

/** The value as its schema lets it be sent (ResponseShapeError when it does not match). */
function checked<S extends z.ZodType>(c: Context, schema: S, value: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ResponseShapeError(c.req.path, parsed.error.issues);
  return parsed.data;
}

/** The JSON text `reply` would send, for an answer kept as text and answered with `replyText`. */
export const answerText =
  <S extends z.ZodType>(c: Context, schema: S) =>
  (value: z.input<S>) =>
    JSON.stringify(checked(c, schema, value));

/** An answer already checked and written as JSON text (by `answerText`). */
export const replyText = (c: Context, text: string) =>
  c.body(text, 200, { "content-type": "application/json" });
