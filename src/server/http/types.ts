import type { Logger } from "../logger.ts";
import type { RateLimiting } from "./rate-limit.ts";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
};

/** Values every request carries through the middleware chain. */
export type AppBindings = {
  Variables: {
    requestId: string;
    log: Logger;
    user: SessionUser | null;
    sessionId: string | null;
    /** Store, clock and switch of `rateLimit` (src/server/http/rate-limit.ts). */
    rateLimiting: RateLimiting;
  };
};
