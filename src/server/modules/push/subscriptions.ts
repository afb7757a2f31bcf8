// A person's Web Push subscriptions: subscribe (or refresh) a browser, list and remove them. The
// endpoint policy and the keys are checked here, and the per-person cap holds under concurrent
// calls (the person's lock).
import { and, asc, count, eq, ne } from "drizzle-orm";
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PUSH_SUBSCRIPTION_LIMIT_MESSAGE,
  type PushSubscribeBody,
  type PushSubscriptionDto,
} from "#shared/contracts/push.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { withPersonLock } from "../../db/person-lock.ts";
import { type PushSubscriptionRow, pushSubscriptions } from "../../db/schema/push.ts";
import type { EndpointPolicy } from "../../providers/push/endpoint-policy.ts";

export const PUSH_SUBSCRIPTION_NOT_FOUND = "Push subscription not found.";

function toDto(row: PushSubscriptionRow): PushSubscriptionDto {
  return {
    id: row.id,
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/**
 * Whether base64url text is an uncompressed point on P-256 (the browser's p256dh key): Web Crypto
 * refuses to import any other (a web-standard API, so the demo build's copy of this module runs too).
 */
async function isP256Point(key: string): Promise<boolean> {
  const text = key.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(text + "=".repeat((4 - (text.length % 4)) % 4)), (ch) =>
    ch.charCodeAt(0),
  );
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    await crypto.subtle.importKey("raw", bytes, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

export async function subscribePush(o: {
  db: Db;
  clock: () => Date;
  policy: EndpointPolicy;
  personId: string;
  body: PushSubscribeBody;
  userAgent: string;
}): Promise<{ subscription: PushSubscriptionDto; created: boolean }> {
  const { body } = o;
  const refused = o.policy.check(body.endpoint);
  if (refused) throw new AppError("VALIDATION", refused, { fields: { endpoint: refused } });
  if (!(await isP256Point(body.keys.p256dh))) {
    const message = "keys.p256dh must be a P-256 public key (65 bytes, uncompressed).";
    throw new AppError("VALIDATION", message, { fields: { "keys.p256dh": message } });
  }
  return withPersonLock(o.db, o.personId, o.clock, async (tx, now) => {
    const [own] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, o.personId), ne(pushSubscriptions.endpoint, body.endpoint)));
    if ((own?.n ?? 0) >= MAX_PUSH_SUBSCRIPTIONS)
      throw new AppError("CONFLICT", PUSH_SUBSCRIPTION_LIMIT_MESSAGE);
    const values = {
      userId: o.personId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh.replace(/=+$/, ""),
      auth: body.keys.auth.replace(/=+$/, ""),
      userAgent: o.userAgent.slice(0, 300),
    };
    // The endpoint is one browser's: subscribing it again refreshes its keys, and a browser now
    // signed in as this person moves to them (it no longer notifies the one before).
    const [existing] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint))
      .limit(1);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, failures: 0, lastFailureAt: null },
      })
      .returning();
    return { subscription: toDto(row!), created: !existing };
  });
}

export async function listPushSubscriptions(db: Db, personId: string): Promise<PushSubscriptionDto[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, personId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toDto);
}

/** Removes one of the person's subscriptions; another's id is a 404, as an unknown one. */
export async function removePushSubscription(db: Db, personId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, personId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND", PUSH_SUBSCRIPTION_NOT_FOUND);
}
