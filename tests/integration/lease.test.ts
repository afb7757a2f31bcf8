// The lease of src/server/db/lease.ts on each database: one holder at a time, taken over only once
// it lapsed, renewed by the heartbeat, and fenced in the holder's transaction, so a holder that was
// taken over commits nothing. A lease "lapses" here by moving its expiry into the past, as the
// database's clock would after a dead holder's last beat.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import {
  acquireLease,
  fenceLease,
  LeaseLost,
  releaseLease,
  renewLease,
  startHeartbeat,
} from "#server/db/lease.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";
import { waitFor } from "../support/wait-for.ts";

const TTL = 60_000;
let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.database.migrate();
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());

const rows = (r: unknown) =>
  (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
const lapse = (key: string) =>
  db.execute(sql`update leases set expires_at = clock_timestamp() - interval '1 second' where key = ${key}`);
const expiresAt = async (key: string) =>
  new Date(
    String(rows(await db.execute(sql`select expires_at from leases where key = ${key}`))[0]?.expires_at),
  );

describe("a lease", () => {
  it("has one holder until it lapses, then the next taker has it and the old holder's commit is refused", async () => {
    const first = (await acquireLease(db, "test:one", TTL, "a"))!;
    expect(first).toMatchObject({ key: "test:one" });
    expect(await acquireLease(db, "test:one", TTL, "b")).toBeNull();
    expect(await renewLease(db, first, TTL)).toBe(true);

    await lapse("test:one");
    const second = (await acquireLease(db, "test:one", TTL, "b"))!;
    expect(second.token).not.toBe(first.token);
    // The first holder finds out at its next beat, or at its commit: nothing of it is written.
    expect(await renewLease(db, first, TTL)).toBe(false);
    await expect(
      db.transaction(async (tx) => {
        await fenceLease(tx, first, TTL);
        await tx.execute(sql`insert into leases (key, holder, token, acquired_at, expires_at)
          values ('test:written-by-a-stale-holder', 'a', gen_random_uuid(), now(), now())`);
      }),
    ).rejects.toBeInstanceOf(LeaseLost);
    expect(
      rows(await db.execute(sql`select 1 from leases where key = 'test:written-by-a-stale-holder'`)),
    ).toEqual([]);
    // Releasing what is no longer yours leaves the new holder's lease alone.
    await releaseLease(db, first);
    await db.transaction((tx) => fenceLease(tx, second, TTL));
    await releaseLease(db, second);
    expect((await acquireLease(db, "test:one", TTL, "c"))?.key).toBe("test:one");
  });

  it("is taken inside a transaction only if that transaction commits", async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await acquireLease(tx, "test:rolled-back", TTL)).not.toBeNull();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await acquireLease(db, "test:rolled-back", TTL)).not.toBeNull();
  });

  it("is renewed by its heartbeat while the holder works, and the heartbeat notices a takeover", async () => {
    const lease = (await acquireLease(db, "test:beating", 1_000))!;
    const before = await expiresAt("test:beating");
    let lost: Error | null = null;
    const heartbeat = startHeartbeat(db, lease, { ttlMs: 1_000, renewEveryMs: 20 }, (err) => {
      lost = err;
    });
    try {
      await waitFor(
        () => expiresAt("test:beating"),
        (at) => at > before,
        { what: "a renewal" },
      );
      await lapse("test:beating");
      const taker = await acquireLease(db, "test:beating", TTL, "other");
      expect(taker).not.toBeNull();
      await waitFor(async () => heartbeat.lost, Boolean, { what: "the heartbeat to notice" });
      expect(lost).toBeInstanceOf(LeaseLost);
    } finally {
      heartbeat.stop();
    }
  });
});

describe.runIf(process.env.KAIRO_TEST_DB === "postgres")("a fenced lease", () => {
  it("cannot be taken while its holder's transaction is committing, even past its expiry", async () => {
    const lease = (await acquireLease(db, "test:fenced", TTL))!;
    // The holder's last beat is long past (its lease lapsed), but it is committing right now.
    await lapse("test:fenced");
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let fenced!: () => void;
    const isFenced = new Promise<void>((r) => {
      fenced = r;
    });
    const holder = db.transaction(async (tx) => {
      await fenceLease(tx, lease, TTL);
      fenced();
      await held;
      await releaseLease(tx, lease);
    });
    try {
      await isFenced;
      expect((await expiresAt("test:fenced")).getTime()).toBeLessThan(Date.now());
      // Locked by the holder: neither taken nor waited on (lock_timeout would turn a wait into an error).
      expect(await acquireLease(db, "test:fenced", TTL, "other")).toBeNull();
      expect(await renewLease(db, lease, TTL)).toBe(true);
    } finally {
      release();
      await holder;
    }
    expect(await acquireLease(db, "test:fenced", TTL, "other")).not.toBeNull();
  });
});
