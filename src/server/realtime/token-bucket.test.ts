import { describe, expect, it } from "vitest";
import { fullBucket, take } from "./token-bucket.ts";

describe("token bucket", () => {
  it("lets a burst through, refuses the next event, and refills with time", () => {
    let b = fullBucket(3, 0);
    const seen: boolean[] = [];
    for (let i = 0; i < 4; i += 1) {
      const r = take(b, 0, 3, 10);
      b = r.bucket;
      seen.push(r.allowed);
    }
    expect(seen).toEqual([true, true, true, false]);
    expect(take(b, 50, 3, 10).allowed).toBe(false);
    expect(take(b, 100, 3, 10).allowed).toBe(true);
    // Never more than the burst, however long the pause.
    let later = fullBucket(3, 0);
    later = take(later, 60_000, 3, 10).bucket;
    expect(later.tokens).toBe(2);
  });
});
