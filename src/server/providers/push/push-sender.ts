// Sends one Web Push message through the `web-push` library: the payload encrypted for the browser
// (RFC 8291, aes128gcm content coding of RFC 8188), the request signed with Kairo's VAPID key
// (RFC 8292), and RFC 8030's TTL, Urgency and Topic headers. The answer of the push service decides
// what happens next: 201 delivered; 404 or 410 the subscription is gone; 429, 5xx and network
// failures may succeed later (with the service's Retry-After when it gives one); any other 4xx will
// not.
import { Agent } from "node:https";
import { rootCertificates } from "node:tls";
import webpush from "web-push";
import { createAllowList, guardedLookup } from "../outbound/address-policy.ts";
import type { EndpointPolicy } from "./endpoint-policy.ts";
import type { VapidKeys } from "./vapid-keys.ts";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushUrgency = "very-low" | "low" | "normal" | "high";

export type PushSendOptions = {
  /** How long the push service keeps the message for an offline browser (RFC 8030 section 5.2). */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** Replaces an undelivered message with the same topic (RFC 8030 section 5.4): 1-32 base64url characters. */
  topic?: string;
};

export type PushOutcome =
  | { kind: "delivered"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "retry"; status: number | null; retryAfterSeconds: number | null; reason: string }
  | { kind: "rejected"; status: number | null; reason: string };

export type PushSender = {
  /** The VAPID public key browsers subscribe with (applicationServerKey), base64url. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushOutcome>;
};

export type WebPushSenderOptions = {
  vapid: VapidKeys;
  /** The VAPID "sub" claim: a mailto: or https: address push services can reach the operator at. */
  subject: string;
  policy: EndpointPolicy;
  /** PUSH_ENDPOINT_ALLOWLIST: hosts the connection may reach though not public. */
  allowlist: readonly string[];
  /** PEM certificates trusted beside the system's, for a self-hosted push service (and the tests). */
  extraCa?: string;
  timeoutMs?: number;
};

/** Seconds from a Retry-After header (seconds or an HTTP date), or null. */
function retryAfter(
  headers: Record<string, string | string[] | undefined> | undefined,
  now: number,
): number | null {
  const raw = headers?.["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

export function createWebPushSender(o: WebPushSenderOptions): PushSender {
  // Every connection resolves its host through the address rule (no DNS rebinding between the check
  // below and web-push's own connection).
  const agent = new Agent({
    keepAlive: true,
    lookup: guardedLookup(createAllowList(o.allowlist)),
    ...(o.extraCa ? { ca: [...rootCertificates, o.extraCa] } : {}),
  });
  return {
    publicKey: o.vapid.publicKey,
    async send(target, payload, options) {
      const refused = await o.policy.checkAddresses(target.endpoint).catch(() => "its host does not resolve");
      if (refused) return { kind: "rejected", status: null, reason: refused };
      try {
        const result = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: {
              subject: o.subject,
              publicKey: o.vapid.publicKey,
              privateKey: o.vapid.privateKey,
            },
            contentEncoding: "aes128gcm",
            TTL: options.ttlSeconds,
            urgency: options.urgency,
            ...(options.topic ? { topic: options.topic } : {}),
            timeout: o.timeoutMs ?? 10_000,
            agent,
          },
        );
        return { kind: "delivered", status: result.statusCode };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          const status = err.statusCode;
          if (status === 404 || status === 410) return { kind: "gone", status };
          if (status === 429 || status === 408 || status >= 500)
            return {
              kind: "retry",
              status,
              retryAfterSeconds: retryAfter(err.headers as Record<string, string>, Date.now()),
              reason: `the push service answered ${status}`,
            };
          return { kind: "rejected", status, reason: `the push service answered ${status}` };
        }
        // No answer at all (refused connection, timeout, TLS): the service may be back later.
        return {
          kind: "retry",
          status: null,
          retryAfterSeconds: null,
          reason: err instanceof Error ? err.message : String(err),
        };
      }
    },
  };
}
