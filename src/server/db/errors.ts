// Recognises the database's "not now" answers, so they reach people as a clear, retryable 429 or 503
// instead of a 500: a lock not granted within lock_timeout, a statement past statement_timeout, no
// pooled connection free within the acquisition timeout. Drizzle wraps driver errors, so the whole
// cause chain is searched.

/** PostgreSQL SQLSTATE codes. */
const LOCK_NOT_AVAILABLE = "55P03";
const DEADLOCK_DETECTED = "40P01";
const QUERY_CANCELED = "57014";
/** node-postgres' pool when no connection came free within connectionTimeoutMillis. */
const POOL_TIMEOUT = /timeout exceeded when trying to connect/i;

export type DbBusyKind = "lock" | "busy";

function* causes(err: unknown) {
  let e = err;
  for (let depth = 0; e && depth < 8; depth++) {
    yield e as { code?: unknown; message?: unknown; cause?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** "lock": the person's own changes collide (retry soon); "busy": the server is saturated. */
export function dbBusyKind(err: unknown): DbBusyKind | null {
  for (const e of causes(err)) {
    if (e.code === LOCK_NOT_AVAILABLE || e.code === DEADLOCK_DETECTED) return "lock";
    if (e.code === QUERY_CANCELED) return "busy";
    if (typeof e.message === "string" && POOL_TIMEOUT.test(e.message)) return "busy";
  }
  return null;
}

export const isLockNotAvailable = (err: unknown) => dbBusyKind(err) === "lock";
