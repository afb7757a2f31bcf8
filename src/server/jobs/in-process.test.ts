import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createInProcessQueue, nextOccurrence } from "./in-process.ts";
import { defineJob, UnknownJobError } from "./queue.ts";

const logger = pino({ level: "silent" });

/** Timers moved by hand: `advance` fires what falls due, in order. */
function fakeTimers(start: number) {
  let now = start;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (h: unknown) => void timers.delete(h as number),
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await new Promise((r) => setImmediate(r));
      }
      now = until;
    },
    pending: () => timers.size,
  };
}

describe("in-process job driver", () => {
  it("runs a job on demand with the injected clock and its validated payload", async () => {
    const seen: { n: number; now: string }[] = [];
    const q = createInProcessQueue({
      logger,
      clock: () => new Date("2030-01-01T00:00:00Z"),
      definitions: [
        defineJob({
          name: "count",
          payload: z.object({ n: z.number() }).strict(),
          handler: async ({ n }, { now }) => void seen.push({ n, now: now.toISOString() }),
        }),
      ],
    });
    await q.run("count", { n: 1 });
    expect(seen).toEqual([{ n: 1, now: "2030-01-01T00:00:00.000Z" }]);
    await expect(q.run("count", { n: "one" })).rejects.toThrow(/Invalid payload/);
    await expect(q.run("missing")).rejects.toBeInstanceOf(UnknownJobError);
  });

  it("holds queued work until started, then runs each run of a name one after the other", async () => {
    let active = 0;
    let maxActive = 0;
    const done: number[] = [];
    const q = createInProcessQueue({
      logger,
      clock: () => new Date(),
      definitions: [
        defineJob({
          name: "slow",
          payload: z.object({ i: z.number() }),
          handler: async ({ i }) => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((r) => setImmediate(r));
            done.push(i);
            active -= 1;
          },
        }),
      ],
    });
    await q.enqueue("slow", { i: 1 });
    await q.enqueue("slow", { i: 2 });
    expect(done).toEqual([]);
    await q.start();
    await q.enqueue("slow", { i: 3 });
    await q.drain();
    expect(done).toEqual([1, 2, 3]);
    expect(maxActive).toBe(1);
    await q.stop();
  });

  it("keeps a failing job from stopping the others", async () => {
    const done: string[] = [];
    const q = createInProcessQueue({
      logger,
      clock: () => new Date(),
      definitions: [
        defineJob({
          name: "boom",
          payload: z.object({}),
          handler: async () => Promise.reject(new Error("x")),
        }),
        defineJob({ name: "fine", payload: z.object({}), handler: async () => void done.push("fine") }),
      ],
    });
    await q.start();
    await q.enqueue("boom");
    await q.enqueue("fine");
    await q.drain();
    expect(done).toEqual(["fine"]);
    await q.stop();
  });

  it("fires a schedule once per occurrence, and never while the last run is still going", async () => {
    const timers = fakeTimers(Date.parse("2030-01-01T03:00:00Z"));
    const runs: string[] = [];
    let release: (() => void) | undefined;
    const q = createInProcessQueue({
      logger,
      timers,
      clock: () => new Date(timers.now()),
      definitions: [
        defineJob({
          name: "quarter",
          payload: z.object({}),
          schedule: "*/15 * * * *",
          handler: async (_p, { now }) => {
            runs.push(now.toISOString());
            if (runs.length === 2) await new Promise<void>((r) => (release = r));
          },
        }),
      ],
    });
    await q.start();
    await timers.advance(15 * 60_000); // 03:15
    expect(runs).toEqual(["2030-01-01T03:15:00.000Z"]);
    await timers.advance(15 * 60_000); // 03:30 starts and hangs
    await timers.advance(15 * 60_000); // 03:45 skipped: 03:30 still going
    expect(runs).toEqual(["2030-01-01T03:15:00.000Z", "2030-01-01T03:30:00.000Z"]);
    release?.();
    await q.drain();
    await timers.advance(15 * 60_000); // 04:00
    expect(runs.at(-1)).toBe("2030-01-01T04:00:00.000Z");
    expect(runs).toHaveLength(3);
    await q.stop();
    expect(timers.pending()).toBe(0);
  });

  it("reads cron expressions in UTC", () => {
    expect(nextOccurrence("17 3 * * *", new Date("2030-01-01T03:17:00Z")).toISOString()).toBe(
      "2030-01-02T03:17:00.000Z",
    );
  });

  it("takes the waiting run with the highest priority first, in queued order among equals", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const q = createInProcessQueue({
      logger,
      clock: () => new Date(),
      definitions: [
        defineJob({
          name: "work",
          payload: z.object({ tag: z.string() }).strict(),
          handler: async ({ tag }) => {
            order.push(tag);
            // The first run holds the line until released, so the others queue up behind it.
            if (tag === "first") await new Promise<void>((r) => (release = r));
          },
        }),
      ],
    });
    await q.start();
    await q.enqueue("work", { tag: "first" });
    await q.enqueue("work", { tag: "heavy 1" }, { priority: -5 });
    await q.enqueue("work", { tag: "heavy 2" }, { priority: -5 });
    await q.enqueue("work", { tag: "light" });
    await q.enqueue("work", { tag: "urgent" }, { priority: 3 });
    await new Promise((r) => setImmediate(r));
    release();
    await q.drain();
    expect(order).toEqual(["first", "urgent", "light", "heavy 1", "heavy 2"]);
    await q.stop();
  });
});
