// The launch offer (20% off the first 3 months of Pro) and its 600-second window. The window opens
// when the upgrade dialog first shows the offer to a person, is recorded once and never reopens; a
// checkout carries the discount only when it is a first monthly Pro purchase started inside it.
import { and, eq } from "drizzle-orm";
import type { LaunchOfferDto, PurchasablePlan } from "#shared/contracts/billing.ts";
import { LAUNCH_OFFER_WINDOW_MS, launchOfferApplies, launchOfferMsLeft } from "#shared/domain/billing.ts";
import type { BillingCycle } from "#shared/domain/plans.ts";
import type { Db } from "../../db/client.ts";
import { checkoutSessions, launchOfferWindows, subscriptions } from "../../db/schema/billing.ts";

/** The offer is for a first purchase: a person who has paid before does not get it again. */
async function isFirstPurchase(db: Db, userId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.status, "paid")))
    .limit(1);
  if (paid) return false;
  const [sub] = await db
    .select({
      customer: subscriptions.providerCustomerId,
      subscription: subscriptions.providerSubscriptionId,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return !sub?.customer && !sub?.subscription;
}

async function windowOpenedAt(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: launchOfferWindows.openedAt })
    .from(launchOfferWindows)
    .where(eq(launchOfferWindows.userId, userId))
    .limit(1);
  return row?.openedAt ?? null;
}

/**
 * The upgrade dialog shows the offer: opens the person's window at `now` the first time, and answers
 * that same window every time after (two dialogs at once keep the first write). Someone who has paid
 * before is told they are not eligible and no window is opened.
 */
export async function openLaunchOffer(db: Db, userId: string, now: Date): Promise<LaunchOfferDto> {
  if (!(await isFirstPurchase(db, userId))) {
    return { eligible: false, openedAt: null, endsAt: null, msLeft: 0 };
  }
  await db.insert(launchOfferWindows).values({ userId, openedAt: now }).onConflictDoNothing();
  const openedAt = (await windowOpenedAt(db, userId)) ?? now;
  return {
    eligible: true,
    openedAt: openedAt.toISOString(),
    endsAt: new Date(openedAt.getTime() + LAUNCH_OFFER_WINDOW_MS).toISOString(),
    msLeft: launchOfferMsLeft(openedAt, now),
  };
}

/** Whether a checkout started now for this plan and billing carries the launch discount. */
export async function launchOfferForCheckout(
  db: Db,
  userId: string,
  checkout: { plan: PurchasablePlan; billing: BillingCycle },
  now: Date,
): Promise<boolean> {
  const [firstPurchase, openedAt] = await Promise.all([
    isFirstPurchase(db, userId),
    windowOpenedAt(db, userId),
  ]);
  return launchOfferApplies({ ...checkout, firstPurchase, windowOpenedAt: openedAt, now });
}
