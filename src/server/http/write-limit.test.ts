import { describe, expect, it } from "vitest";
import { createWriteLimiter } from "./write-limit.ts";

describe("the per-person write limiter", () => {
  it("runs two at once, queues the next ones and refuses past the queue", async () => {
    const limiter = createWriteLimiter({ running: 2, queued: 1, maxWaitMs: 1_000 });
    const first = await limiter.acquire("p");
    const second = await limiter.acquire("p");
    expect(first).toBeTypeOf("function");
    expect(second).toBeTypeOf("function");
    let thirdRan = false;
    const third = limiter.acquire("p").then((release) => {
      thirdRan = true;
      return release;
    });
    // The queue holds one: the fourth is refused at once.
    expect(await limiter.acquire("p")).toBeNull();
    // Another person is not affected.
    const other = await limiter.acquire("q");
    expect(other).toBeTypeOf("function");
    other!();
    expect(thirdRan).toBe(false);
    first!();
    const release = await third;
    expect(thirdRan).toBe(true);
    release!();
    second!();
    expect(limiter.size()).toBe(0);
  });

  it("refuses a queued write that waited too long", async () => {
    const limiter = createWriteLimiter({ running: 1, queued: 4, maxWaitMs: 20 });
    const held = await limiter.acquire("p");
    expect(await limiter.acquire("p")).toBeNull();
    held!();
    expect(limiter.size()).toBe(0);
  });
});
