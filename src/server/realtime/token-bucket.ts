// A per-socket flood guard: a burst of `burst` events, refilled at `perSecond`. Pure, on an injected
// clock, so the rule is unit-tested without waiting.
export type TokenBucket = { tokens: number; at: number };

export const fullBucket = (burst: number, now: number): TokenBucket => ({ tokens: burst, at: now });

/** Takes one token if there is one; returns the new bucket and whether the event may pass. */
export function take(
  bucket: TokenBucket,
  now: number,
  burst: number,
  perSecond: number,
): { bucket: TokenBucket; allowed: boolean } {
  const refilled = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond);
  if (refilled < 1) return { bucket: { tokens: refilled, at: now }, allowed: false };
  return { bucket: { tokens: refilled - 1, at: now }, allowed: true };
}
