// Settings → Active sessions: GET /api/account/sessions and DELETE /api/account/sessions/:id. A
// session is named by its row id, never by its token: the token is what the session cookie holds,
// so it must not reach the page (Better Auth's own list-sessions answers it, and is closed for that).
import { z } from "zod";

/** The :id of DELETE /api/account/sessions/:id: a session row id as Better Auth makes them. */
export const sessionIdParam = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Last activity is recorded at most this often per session (a write per request would be waste). */
export const LAST_ACTIVE_RESOLUTION_MS = 60_000;

/** One signed-in browser of the person. */
export const activeSession = z.object({
  /** The session row id: enough to revoke it, useless to sign in with. */
  id: z.string(),
  /** The browser's User-Agent as it signed in (the page names the browser, system and device). */
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** The last request made with this session, to the minute. */
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

/** GET /api/account/sessions: this browser's session first, then the others, latest activity first. */
export const activeSessionsResponse = z.object({ sessions: z.array(activeSession) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponse>;
