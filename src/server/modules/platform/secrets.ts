// Random credentials and their stored form. Each is 32 random bytes behind a readable prefix (so a
// leaked one is recognisable, and secret scanners can match it); the database keeps only its
// SHA-256, which is enough for a random value of that length (no dictionary to guess from).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const PREFIX = {
  apiKey: "kairo_pat_",
  clientId: "kairo_app_",
  clientSecret: "kairo_cs_",
  code: "kairo_code_",
  refresh: "kairo_rt_",
} as const;

export function newSecret(prefix: string, bytes = 32): string {
  return prefix + randomBytes(bytes).toString("base64url");
}

export function hashSecret(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))) equals the challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const a = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
