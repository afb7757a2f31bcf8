// Your data: export, account deletion and the browser's error reports.
import { z } from "zod";
import { URL_MAX } from "../domain/limits.ts";
import { noNul } from "./auth.ts";

/** Client error reports: caps on what a browser may send (larger bodies are refused with 400). */
export const CLIENT_ERROR_LIMITS = {
  message: 2000,
  stack: 16_000,
  componentStack: 16_000,
  url: URL_MAX,
  userAgent: 500,
  /** Reports one person may send per minute (counted in the database, so across instances). */
  perMinute: 20,
} as const;

const capped = (label: string, max: number, min = 0) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be text`) })
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} must not contain control characters`);

/** POST /api/client-errors: one entry of the error log kept in the browser (spec section 3). */
export const clientErrorBody = z
  .object({
    message: capped("message", CLIENT_ERROR_LIMITS.message, 1),
    stack: capped("stack", CLIENT_ERROR_LIMITS.stack).optional(),
    componentStack: capped("componentStack", CLIENT_ERROR_LIMITS.componentStack).optional(),
    url: capped("url", CLIENT_ERROR_LIMITS.url).optional(),
    timestamp: z.iso.datetime({ error: "timestamp must be an ISO date and time" }).optional(),
  })
  .strict();

export type ClientErrorBody = z.infer<typeof clientErrorBody>;
