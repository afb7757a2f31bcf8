// A local stand-in for a Web Push service (RFC 8030), over TLS on 127.0.0.1 with the test
// certificate of tests/fixtures/push-service. It holds each registered browser's private key, as
// the browser would, and DECRYPTS every message it receives per RFC 8291 (aes128gcm, RFC 8188) with
// Node's crypto alone, written here from the RFCs: it shares no code with the web-push library that
// encrypts. It checks the VAPID signature (RFC 8292: an ES256 JWT whose audience is the service's
// origin, expiring within 24 hours, with a contact) against the key in the header, and answers as
// it was told to (201 by default; 404, 410, 429, 500... per endpoint, in order).
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

const FIXTURES = new URL("../fixtures/push-service/", import.meta.url);
/** The CA file the test server trusts (PUSH_EXTRA_CA_FILE). */
export const FAKE_PUSH_CA_FILE = new URL("cert.pem", FIXTURES).pathname;

/** What a browser keeps of a subscription, and what it gives the app (PushSubscription.toJSON()). */
export type BrowserKeys = { ecdh: ECDH; auth: Buffer; json: { p256dh: string; auth: string } };

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

export type ReceivedPush = {
  status: number;
  headers: { ttl?: string; urgency?: string; topic?: string; contentEncoding?: string };
  /** The decrypted payload (parsed JSON), or null when it could not be decrypted. */
  payload: unknown;
  decryptError: string | null;
  /** The VAPID claims, once the signature checked out against `k`; null otherwise. */
  vapid: { aud: string; exp: number; sub: string; k: string } | null;
  vapidError: string | null;
};

/** RFC 8291 section 3.4 and RFC 8188 section 2: the plaintext of one record, as a push message is. */
export function decryptRecord(body: Buffer, keys: Pick<BrowserKeys, "ecdh" | "auth">): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 point`);
  if (ciphertext.length > rs) throw new Error("more than one record");
  const uaPublic = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** A Kairo push message: JSON in one record. */
export function decryptPush(body: Buffer, keys: BrowserKeys): unknown {
  return JSON.parse(decryptRecord(body, keys).toString("utf8"));
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed ES256 with that key. */
export function checkVapid(authorization: string | undefined, origin: string, now = Date.now()) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [token, k] = [m[1]!, m[2]!];
  const [h, p, s] = token.split(".") as [string, string, string];
  const header = JSON.parse(Buffer.from(h, "base64url").toString());
  if (header.alg !== "ES256") throw new Error(`alg ${header.alg}`);
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!signed) throw new Error("the JWT signature does not verify with k");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud}, not ${origin}`);
  if (!(claims.exp > now / 1000 && claims.exp <= now / 1000 + 24 * 3600))
    throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { ...claims, k };
}

export type FakePushService = {
  origin: string;
  /** The endpoint of a browser registered under `name`. */
  endpoint(name: string): string;
  register(name: string, keys: BrowserKeys): void;
  /** The statuses to answer this endpoint's next requests with, in order (then 201). */
  answer(name: string, ...statuses: number[]): void;
  received(name: string): ReceivedPush[];
  close(): Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, BrowserKeys>();
  const scripts = new Map<string, number[]>();
  const log = new Map<string, ReceivedPush[]>();
  let origin = "";
  const server = createServer(
    { cert: readFileSync(new URL("cert.pem", FIXTURES)), key: readFileSync(new URL("key.pem", FIXTURES)) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const name = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
        const keys = browsers.get(name);
        const status = scripts.get(name)?.shift() ?? (keys ? 201 : 404);
        const entry: ReceivedPush = {
          status,
          headers: {
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
            contentEncoding: req.headers["content-encoding"],
          },
          payload: null,
          decryptError: null,
          vapid: null,
          vapidError: null,
        };
        try {
          entry.vapid = checkVapid(req.headers.authorization, origin);
        } catch (e) {
          entry.vapidError = (e as Error).message;
        }
        try {
          if (!keys) throw new Error("no browser registered at this endpoint");
          entry.payload = decryptPush(Buffer.concat(chunks), keys);
        } catch (e) {
          entry.decryptError = (e as Error).message;
        }
        log.set(name, [...(log.get(name) ?? []), entry]);
        res.writeHead(
          status,
          status === 201 ? { location: `${origin}/message/${randomBytes(6).toString("hex")}` } : {},
        );
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name) => `${origin}/push/${encodeURIComponent(name)}`,
    register: (name, keys) => void browsers.set(name, keys),
    answer: (name, ...statuses) => void scripts.set(name, statuses),
    received: (name) => log.get(name) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
