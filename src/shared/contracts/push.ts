// Web Push (issue 24): the browser asks for Kairo's VAPID public key (RFC 8292), subscribes with its
// push service, and hands Kairo the subscription (RFC 8030 endpoint, RFC 8291 keys). Only https
// endpoints are taken, bar an operator's allowlist (PUSH_ENDPOINT_ALLOWLIST): the server checks that,
// since only it knows the list.
import { z } from "zod";

/** Browsers a person may receive notifications in at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export const PUSH_SUBSCRIPTION_LIMIT_MESSAGE = `Notifications can be on in at most ${MAX_PUSH_SUBSCRIPTIONS} browsers. Turn them off in one you no longer use first.`;

const base64url = (bytes: number, name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${name} must be base64url` })
    .refine((v) => decodedLength(v) === bytes, { error: `${name} must be ${bytes} bytes` });

/** Bytes a base64url text holds (padding allowed, as some browsers' libraries add it). */
function decodedLength(v: string): number {
  const clean = v.replace(/=+$/, "");
  return Math.floor((clean.length * 3) / 4);
}

/** GET /api/push/vapid-public-key: the applicationServerKey the browser subscribes with. */
export const vapidPublicKeyResponse = z.object({
  /** The uncompressed P-256 point, base64url (65 bytes). */
  publicKey: z.string(),
});

/** POST /api/push/subscriptions: what `PushSubscription.toJSON()` gives in the browser. */
export const pushSubscribeBody = z
  .object({
    endpoint: z
      .url({ error: "endpoint must be the push service address of the subscription" })
      .max(2048, { error: "endpoint may be at most 2,048 characters" }),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        // The browser's ECDH public key: an uncompressed P-256 point starting with 0x04.
        p256dh: base64url(65, "keys.p256dh"),
        auth: base64url(16, "keys.auth"),
      })
      .strict(),
  })
  .strict();
export type PushSubscribeBody = z.infer<typeof pushSubscribeBody>;

export const pushSubscriptionDto = z.object({
  id: z.string(),
  endpoint: z.string(),
  /** The browser it was made in, as its user agent named itself (for the list of devices). */
  userAgent: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionDto>;

export const pushSubscriptionListResponse = z.object({ subscriptions: z.array(pushSubscriptionDto) });

/** POST /api/push/test: how many browsers a test notification was sent to. */
export const pushTestResponse = z.object({ queued: z.number() });

/** What a push message carries to Kairo's service worker (JSON, encrypted per RFC 8291). */
export const pushMessage = z.object({
  /** Identifies the message; the service worker uses it as the notification's tag, so a repeat replaces it. */
  id: z.string().max(100),
  title: z.string().max(200),
  body: z.string().max(1000),
  /** An in-app path opened when the notification is clicked. */
  url: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/),
  /** What raised it ("reminder", "test"...). */
  kind: z.string().max(40),
});
export type PushMessage = z.infer<typeof pushMessage>;
