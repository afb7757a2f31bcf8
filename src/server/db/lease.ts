// Leases (docs/decisions/130-leases-and-heartbeats.md): a claim on one piece of work that the
// instance holding it renews while it works (the heartbeat) and that any other instance may take
// once it lapses, so work a dead instance held is taken over in seconds instead of waiting for a
// fixed cut-off. Times are the database's clock, so instances with skewed clocks agree.
//
// A holder about to commit the work's result "fences" its lease inside that transaction: the lease
// row then stays locked until the commit, so nobody can take it meanwhile, and a lease that was
// taken over before (this holder stalled past its expiry) is noticed and the transaction undone.
// Acquiring and renewing skip a locked row instead of waiting on it: a locked lease is in use.
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";
import type { Tx } from "./transaction.ts";

export type Lease = { key: string; token: string };

/** How long a lease lasts without renewal, and how often its holder renews it. */
export type LeaseTimings = { ttlMs: number; renewEveryMs: number };

/** The product's lease length (JOB_LEASE_SECONDS): a dead instance's work is free after this. */
export const DEFAULT_LEASE_SECONDS = 20;

/** Renewed three times per lease length, so one late or failed beat does not lose the lease. */
export function leaseTimings(seconds = DEFAULT_LEASE_SECONDS): LeaseTimings {
  return { ttlMs: seconds * 1000, renewEveryMs: Math.round((seconds * 1000) / 3) };
}

/** This process, as lease holders are named in the table (for the logs and an operator's eye). */
export const LEASE_HOLDER = `pid-${globalThis.process?.pid ?? 0}-${randomUUID().slice(0, 8)}`;

/** The lease was taken over by another instance: the holder must stop, and undo what it can. */
export class LeaseLost extends Error {
  constructor(key: string) {
    super(`The lease on ${key} was taken over by another instance.`);
    this.name = "LeaseLost";
  }
}

type Conn = Db | Tx;

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const expiry = (ttlMs: number) =>
  sql`clock_timestamp() + ${Math.round(ttlMs)}::int * interval '1 millisecond'`;

/**
 * Takes `key` if nobody holds it or its lease lapsed; null while a live holder has it (or is
 * committing under it right now). Inside a transaction, the lease is only taken if it commits.
 */
export async function acquireLease(
  db: Conn,
  key: string,
  ttlMs: number,
  holder = LEASE_HOLDER,
): Promise<Lease | null> {
  const token = randomUUID();
  const takenOver = rowsOf(
    await db.execute(sql`
      update leases
         set token = ${token}, holder = ${holder}, acquired_at = clock_timestamp(), expires_at = ${expiry(ttlMs)}
       where key = (select key from leases
                     where key = ${key} and expires_at <= clock_timestamp()
                       for update skip locked)
      returning key`),
  );
  if (takenOver.length > 0) return { key, token };
  // Held (or being committed under): left alone. Only a missing key is inserted, so this never
  // waits on a holder's transaction, only on another taker's insert of the same key.
  const held = rowsOf(await db.execute(sql`select 1 as held from leases where key = ${key}`));
  if (held.length > 0) return null;
  const inserted = rowsOf(
    await db.execute(sql`
      insert into leases (key, holder, token, acquired_at, expires_at)
      values (${key}, ${holder}, ${token}, clock_timestamp(), ${expiry(ttlMs)})
      on conflict (key) do nothing
      returning key`),
  );
  return inserted.length > 0 ? { key, token } : null;
}

/**
 * Extends the lease from now. False once it was taken over (or released). A lease its holder's own
 * transaction has fenced is locked, so it is left as it is and counts as held.
 */
export async function renewLease(db: Conn, lease: Lease, ttlMs: number): Promise<boolean> {
  const renewed = rowsOf(
    await db.execute(sql`
      update leases set expires_at = ${expiry(ttlMs)}
       where key = (select key from leases
                     where key = ${lease.key} and token = ${lease.token}
                       for update skip locked)
      returning key`),
  );
  if (renewed.length > 0) return true;
  const still = rowsOf(
    await db.execute(sql`select 1 as held from leases where key = ${lease.key} and token = ${lease.token}`),
  );
  return still.length > 0;
}

/**
 * Inside the transaction that commits the work: renews the lease and keeps its row locked until
 * the commit, or throws LeaseLost (undoing the transaction) when another instance took it over.
 */
export async function fenceLease(tx: Tx, lease: Lease, ttlMs: number): Promise<void> {
  const held = rowsOf(
    await tx.execute(sql`
      update leases set expires_at = ${expiry(ttlMs)}
       where key = ${lease.key} and token = ${lease.token}
      returning key`),
  );
  if (held.length === 0) throw new LeaseLost(lease.key);
}

/** Gives the lease up (in a transaction: once it commits). Nothing happens if it was taken over. */
export async function releaseLease(db: Conn, lease: Lease): Promise<void> {
  await db.execute(sql`delete from leases where key = ${lease.key} and token = ${lease.token}`);
}

/** SQL that holds when `key` (an SQL expression) has a live lease: for queries that look for lapsed work. */
export function leaseIsLive(key: SQL): SQL {
  return sql`exists (select 1 from leases where leases.key = ${key} and leases.expires_at > clock_timestamp())`;
}

export type Heartbeat = {
  /** Stops renewing (the holder finished, or gave the work up). */
  stop(): void;
  /** True once a renewal found the lease taken over. */
  readonly lost: boolean;
};

/**
 * Renews `lease` every `renewEveryMs` until stopped. A renewal that fails (the database is briefly
 * out of reach) is tried again at the next beat; `onLost` is called once if the lease was taken.
 */
export function startHeartbeat(
  db: Conn,
  lease: Lease,
  timings: LeaseTimings,
  onLost: (err: LeaseLost) => void = () => {},
): Heartbeat {
  let stopped = false;
  let lost = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const beat = async () => {
    if (stopped) return;
    try {
      if (!(await renewLease(db, lease, timings.ttlMs)) && !stopped) {
        lost = true;
        stopped = true;
        onLost(new LeaseLost(lease.key));
        return;
      }
    } catch {
      // Not reached this time: the next beat tries again, and the lease lasts three beats.
    }
    if (!stopped) arm();
  };
  const arm = () => {
    timer = setTimeout(() => void beat(), timings.renewEveryMs);
    // A heartbeat never keeps the process alive by itself.
    timer.unref?.();
  };
  arm();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    get lost() {
      return lost;
    },
  };
}
