// Failed password confirmations per person, kept in this process's memory: a stolen session must
// not become a way to guess the password through "Delete account". Per instance (several instances
// each allow this many); Better Auth's own limits guard sign-in, where guessing matters most.
import { AppError } from "#shared/errors/app-error.ts";

export const DELETE_PASSWORD_ATTEMPTS = { max: 5, windowMs: 15 * 60 * 1000 } as const;

export function createAttemptLimiter(limit: { max: number; windowMs: number } = DELETE_PASSWORD_ATTEMPTS) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) =>
    (failures.get(key) ?? []).filter((t) => now - t < limit.windowMs);
  return {
    /** Throws 429 while `key` has used up its failures in the window. */
    check(key: string, now: Date) {
      const list = recent(key, now.getTime());
      if (list.length === 0) failures.delete(key);
      else failures.set(key, list);
      if (list.length >= limit.max) {
        throw new AppError("RATE_LIMITED", "Too many attempts. Please wait a moment and try again.");
      }
    },
    fail(key: string, now: Date) {
      failures.set(key, [...recent(key, now.getTime()), now.getTime()]);
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
}
