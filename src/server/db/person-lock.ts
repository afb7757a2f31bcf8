// The one lock order of every task write: the person's row first, then whatever of theirs the write
// touches. Two writes of one person (a status change and a timer start, two timer starts) run one
// after the other instead of each holding a row the other waits for. The clock is read only once
// the lock is held, so a write that waited never records a time earlier than the write before it.
import { eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { user } from "./schema/auth.ts";
import type { Clock, Tx } from "./transaction.ts";

/**
 * FOR NO KEY UPDATE: it serialises the person's writers (and the other modules that lock the
 * person's row), but not the foreign-key checks of rows that merely point at the person (a new
 * session, a Pomodoro), which only take a key-share lock.
 */
export function lockPerson(tx: Tx, userId: string, options: { noWait?: boolean } = {}) {
  return tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for("no key update", options.noWait ? { noWait: true } : {});
}

/** Runs `fn` in one transaction that holds the person's lock, with the time read after locking. */
export function withPersonLock<T>(
  db: Db,
  userId: string,
  clock: Clock,
  fn: (tx: Tx, now: Date) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    return fn(tx, clock());
  });
}
