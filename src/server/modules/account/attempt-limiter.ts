// Wrong passwords per person where a signed-in call asks for the password again ("Delete account"): a
// stolen session must not become a way to guess the password. Only failures count, in fixed windows
// of the injected clock, in the same counter store as the route limits (src/server/http/rate-limit.ts):
// Redis when REDIS_URL is set, so every instance shares one count; the process's memory otherwise.
import { AppError } from "#shared/errors/app-error.ts";
import { RATE_LIMIT_MESSAGE } from "../../http/rate-limit.ts";
import type { RateLimiting } from "../../http/types.ts";
import type { Logger } from "../../logger.ts";

export type AttemptLimit = {
  /** Names the counter. */
  name: string;
  /** Wrong passwords allowed per window; once used up, even the right one is refused until it ends. */
  max: number;
  windowSeconds: number;
};

export const DELETE_PASSWORD_ATTEMPTS = {
  name: "delete-account-password",
  max: 5,
  windowSeconds: 15 * 60,
} as const satisfies AttemptLimit;

/**
 * The failure count of `who` (a user id) in the current window. A counter store that fails does not
 * lock anyone out: the call is served and the failure logged, as `rateLimit` does.
 */
export function attemptCounter(r: RateLimiting, log: Logger, limit: AttemptLimit, who: string) {
  const window = Math.floor(r.clock().getTime() / (limit.windowSeconds * 1000));
  const key = `kairo:attempts:${limit.name}:u:${who}:${window}`;
  const safely = async <T>(what: string, fn: () => Promise<T> | T, otherwise: T): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      log.error({ err, limit: limit.name }, `attempt counter ${what} failed; request served unlimited`);
      return otherwise;
    }
  };
  return {
    /** Throws 429 while the failures of this window are used up. */
    async check() {
      if (!r.enabled) return;
      const failures = Number((await safely("read", () => r.store.get(key), null)) ?? 0);
      if (failures >= limit.max) {
        log.warn({ limit: limit.name }, "too many wrong passwords");
        throw new AppError("RATE_LIMITED", RATE_LIMIT_MESSAGE);
      }
    },
    async fail() {
      if (!r.enabled) return;
      // The key outlives its window a little, as the route limits' do.
      await safely("increment", () => r.store.increment(key, limit.windowSeconds + 5), 0);
    },
    async clear() {
      if (!r.enabled) return;
      await safely("delete", () => r.store.delete(key), undefined);
    },
  };
}
