import { describe, expect, it } from "vitest";
import { memorySocketQuota } from "./socket-quota.ts";

const place = (userId: string, socketId: string) => ({ userId, socketId });

describe("memorySocketQuota", () => {
  it("gives a person at most `max` places, keeps others apart, and frees a released one", async () => {
    const quota = memorySocketQuota({ max: 2, expiryMs: 1000 });
    expect(await quota.claim(place("a", "s1"), 0)).toBe(true);
    expect(await quota.claim(place("a", "s2"), 0)).toBe(true);
    expect(await quota.claim(place("a", "s3"), 0)).toBe(false);
    expect(await quota.claim(place("b", "s4"), 0)).toBe(true);
    // A socket already holding a place keeps it when it asks again.
    expect(await quota.claim(place("a", "s2"), 10)).toBe(true);
    await quota.release(place("a", "s1"));
    expect(await quota.claim(place("a", "s3"), 20)).toBe(true);
  });

  it("frees the places nobody refreshed within the expiry (a dead instance's), and keeps refreshed ones", async () => {
    const quota = memorySocketQuota({ max: 2, expiryMs: 1000 });
    await quota.claim(place("a", "alive"), 0);
    await quota.claim(place("a", "dead"), 0);
    await quota.refresh([place("a", "alive")], 900);
    expect(await quota.claim(place("a", "new"), 999)).toBe(false);
    expect(await quota.claim(place("a", "new"), 1000)).toBe(true);
    expect(await quota.claim(place("a", "another"), 1000)).toBe(false);
  });
});
