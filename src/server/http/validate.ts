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

type BadText = { path: string; kind: "nul" | "surrogate" };

/**
 * PostgreSQL cannot store U+0000 in text, and a lone UTF-16 surrogate is not text at all (it would
 * be stored as U+FFFD, silently changing what was sent): both are refused before any schema or
 * query sees them, naming where.
 */
function badText(value: unknown, path: string[] = []): BadText | null {
  if (typeof value === "string") {
    if (value.includes("\u0000")) return { path: path.join("."), kind: "nul" };
    if (!value.isWellFormed()) return { path: path.join("."), kind: "surrogate" };
    return null;
  }
  if (path.length > 20 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Object.entries(value)) {
    const inKey = badText(k, path);
    if (inKey) return inKey;
    const inValue = badText(v, [...path, k]);
    if (inValue) return inValue;
  }
  return null;
}

export const CONTROL_CHARACTERS_MESSAGE = "Text must not contain control characters.";
export const INVALID_TEXT_MESSAGE = "Text must not contain invalid characters (a lone UTF-16 surrogate).";

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const bad = badText(raw);
  if (bad) {
    const message = bad.kind === "nul" ? CONTROL_CHARACTERS_MESSAGE : INVALID_TEXT_MESSAGE;
    throw new AppError("VALIDATION", message, { fields: { [bad.path || "body"]: message } });
  }
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
