// Reading a JSON body through a shared zod schema: malformed JSON, a wrong shape or an over-long
// value all become a 400 with a readable message, before any use case runs.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "#shared/errors/app-error.ts";

export const MAX_JSON_BYTES = 64 * 1024;

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError("BAD_JSON", "The request body is not valid JSON.");
  }
  return parseWith(schema, raw);
}

/** PostgreSQL cannot store U+0000 in text; refuse it before any schema or query sees it. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v, depth + 1));
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  if (hasNul(raw)) throw new AppError("VALIDATION", "Text must not contain control characters.");
  const result = schema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= readableIssue(issue);
  }
  const first = result.error.issues[0];
  throw new AppError("VALIDATION", first ? readableIssue(first) : "The request is not valid.", { fields });
}

/** The schema's own message when it has one; a plain sentence instead of Zod's defaults. */
function readableIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join(".") : "body";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  const zodDefault = issue.message.startsWith("Invalid input");
  if (issue.code === "invalid_type" && issue.input === undefined && (zodDefault || !issue.path.length)) {
    return `${where} is required`;
  }
  if (issue.code === "invalid_type" && zodDefault) {
    const expected =
      issue.expected === "object"
        ? "an object"
        : issue.expected === "int"
          ? "a whole number"
          : `a ${issue.expected}`;
    return `${where} must be ${expected}`;
  }
  return issue.message;
}
