// An independent RFC 6238 TOTP (and RFC 4226 HOTP) generator for the tests, written from the RFCs
// on node:crypto's HMAC-SHA1 and sharing nothing with Better Auth's code, so a test that signs in
// with its codes proves the server speaks the standard an authenticator app speaks.
import { createHmac } from "node:crypto";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, case-insensitive, padding optional. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(ch)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 section 5.3: HMAC-SHA1 of the 8-byte big-endian counter, dynamic truncation. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The RFC 6238 time step T = floor((unixSeconds - T0) / X), with T0 = 0 and X = `period`. */
export function timeStep(unixSeconds: number, period = 30): number {
  return Math.floor(unixSeconds / period);
}

/** The TOTP at a moment; `stepOffset` moves whole periods (+1 is the next code, -1 the previous). */
export function totp(
  key: Buffer,
  options: { unixSeconds?: number; period?: number; digits?: number; stepOffset?: number } = {},
): string {
  const period = options.period ?? 30;
  const seconds = options.unixSeconds ?? Date.now() / 1000;
  return hotp(key, timeStep(seconds, period) + (options.stepOffset ?? 0), options.digits ?? 6);
}

export type OtpauthUri = {
  secret: Buffer;
  secretBase32: string;
  issuer: string | null;
  account: string;
  digits: number;
  period: number;
};

/** Reads an otpauth://totp/ URI (the one the QR code carries). */
export function parseOtpauthUri(uri: string): OtpauthUri {
  const url = new URL(uri);
  if (url.protocol !== "otpauth:" || url.host !== "totp") throw new Error(`not a TOTP URI: ${uri}`);
  const secretBase32 = url.searchParams.get("secret");
  if (!secretBase32) throw new Error("the URI has no secret");
  const label = decodeURIComponent(url.pathname.replace(/^\//, ""));
  return {
    secret: base32Decode(secretBase32),
    secretBase32,
    issuer: url.searchParams.get("issuer"),
    account: label.includes(":") ? label.slice(label.indexOf(":") + 1) : label,
    digits: Number(url.searchParams.get("digits") ?? 6),
    period: Number(url.searchParams.get("period") ?? 30),
  };
}
