import { describe, expect, it } from "vitest";
import { createSessionSync } from "./session-sync.ts";

const BODY = { durationMinutes: 15, breakDurationMinutes: 5, taskId: null };
const ENDED_AT = Date.UTC(2026, 4, 4, 9, 15);

/** A create call the test answers (or fails) when it chooses, and a log of completions. */
function fakeApi() {
  const completed: Array<[string, number]> = [];
  const creates: Array<{ resolve: (id: string) => void; reject: (e: Error) => void }> = [];
  return {
    completed,
    creates,
    api: {
      create: () =>
        new Promise<{ id: string }>((resolve, reject) => {
          creates.push({ resolve: (id) => resolve({ id }), reject });
        }),
      complete: async (id: string, endedAt: number) => {
        completed.push([id, endedAt]);
      },
    },
  };
}

describe("createSessionSync", () => {
  it("completes at once by the id the timer already holds, with the phase's end time", async () => {
    const { api, completed } = fakeApi();
    const sync = createSessionSync(api);
    expect(await sync.complete(1, "s-known", ENDED_AT)).toBe(true);
    expect(completed).toEqual([["s-known", ENDED_AT]]);
  });

  it("a focus that ends before the create call answers is completed once it does", async () => {
    const { api, completed, creates } = fakeApi();
    const sync = createSessionSync(api);
    const created = sync.start(1, BODY);
    // The phase ends while the create call is still out: no id yet.
    const done = sync.complete(1, null, ENDED_AT);
    await Promise.resolve();
    expect(completed).toEqual([]);
    creates[0]!.resolve("s-late");
    expect(await created).toEqual({ id: "s-late" });
    expect(await done).toBe(true);
    expect(completed).toEqual([["s-late", ENDED_AT]]);
  });

  it("completes nothing when the create call failed, and says so", async () => {
    const { api, completed, creates } = fakeApi();
    const sync = createSessionSync(api);
    const created = sync.start(1, BODY);
    const done = sync.complete(1, null, ENDED_AT);
    creates[0]!.reject(new Error("offline"));
    await expect(created).rejects.toThrow("offline");
    expect(await done).toBe(false);
    expect(completed).toEqual([]);
  });

  it("never completes another run's row: a run without an id and no create of its own is left alone", async () => {
    const { api, completed, creates } = fakeApi();
    const sync = createSessionSync(api);
    void sync.start(1, BODY);
    creates[0]!.resolve("s-first");
    // Run 2 (after a reset) ends without an id and without a create of its own (e.g. after a reload).
    expect(await sync.complete(2, null, ENDED_AT)).toBe(false);
    expect(completed).toEqual([]);
  });

  it("follows the newest run: the second run's completion waits for the second create", async () => {
    const { api, completed, creates } = fakeApi();
    const sync = createSessionSync(api);
    void sync.start(1, BODY);
    void sync.start(2, BODY);
    const done = sync.complete(2, null, ENDED_AT);
    creates[0]!.resolve("s-first");
    creates[1]!.resolve("s-second");
    expect(await done).toBe(true);
    expect(completed).toEqual([["s-second", ENDED_AT]]);
  });

  it("passes on a failed completion call", async () => {
    const sync = createSessionSync({
      create: async () => ({ id: "s" }),
      complete: async () => {
        throw new Error("500");
      },
    });
    await expect(sync.complete(1, "s", ENDED_AT)).rejects.toThrow("500");
  });
});
