// Your data: export, account deletion and the browser's error reports.
import { z } from "zod";
import { CLIENT_ERROR_LIMITS } from "../domain/limits.ts";
import { noNul } from "./auth.ts";
import { inSupportedYears } from "./instant.ts";

// Where the browser reads the caps too, without zod (src/web/lib/error-log.ts).
export { CLIENT_ERROR_LIMITS } from "../domain/limits.ts";

const capped = (label: string, max: number, min = 0) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${label} is required` : `${label} must be text`) })
    .min(min, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(noNul, `${label} must not contain control characters`);

/** POST /api/account/delete: the account is closed and will be purged after this instant. */
export const accountDeleted = z.object({ deleted: z.literal(true), purgeAfter: z.string() });
export type AccountDeleted = z.infer<typeof accountDeleted>;

/** POST /api/client-errors: one entry of the error log kept in the browser (spec section 3). */
export const clientErrorBody = z
  .object({
    message: capped("message", CLIENT_ERROR_LIMITS.message, 1),
    stack: capped("stack", CLIENT_ERROR_LIMITS.stack).optional(),
    componentStack: capped("componentStack", CLIENT_ERROR_LIMITS.componentStack).optional(),
    url: capped("url", CLIENT_ERROR_LIMITS.url).optional(),
    timestamp: z.iso
      .datetime({ error: "timestamp must be an ISO date and time" })
      .refine(inSupportedYears, "timestamp must be between the years 0001 and 9999 (UTC)")
      .optional(),
  })
  .strict();

export type ClientErrorBody = z.infer<typeof clientErrorBody>;

/** Its answer (201): the stored report's id. */
export const clientErrorSaved = z.object({ id: z.string() });
