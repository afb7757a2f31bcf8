// The overview figures: sign-ups per UTC day, active people, paying subscriptions and the monthly
// revenue they bring in at list price (priced from the plan catalogue, see
// src/shared/domain/revenue.ts; a launch-offer discount on the first months is not subtracted).
import { and, count, countDistinct, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { ADMIN_LIMITS, type AdminStats } from "#shared/contracts/admin.ts";
import { monthlyRevenue } from "#shared/domain/revenue.ts";
import { session, user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Clock } from "../../db/transaction.ts";
import { type AdminCall, adminActor } from "./access.ts";

const DAY_MS = 86_400_000;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export async function getStats(call: AdminCall & { clock: Clock }): Promise<AdminStats> {
  await adminActor(call);
  const { db } = call;
  const now = call.clock();
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (ADMIN_LIMITS.signupDays - 1) * DAY_MS);
  const until = new Date(todayStart + DAY_MS);
  const day = sql<string>`to_char(${user.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const signups = await db
    .select({ day, n: count() })
    .from(user)
    .where(and(gte(user.createdAt, from), lt(user.createdAt, until)))
    .groupBy(day);
  const perDay = new Map(signups.map((r) => [r.day, Number(r.n)]));
  const signupsPerDay = Array.from({ length: ADMIN_LIMITS.signupDays }, (_, i) => {
    const date = utcDay(new Date(from.getTime() + i * DAY_MS));
    return { date, count: perDay.get(date) ?? 0 };
  });

  const activeSince = new Date(now.getTime() - ADMIN_LIMITS.activeDays * DAY_MS);
  const [active] = await db
    .select({ n: countDistinct(session.userId) })
    .from(session)
    .where(
      gte(sql`greatest(${session.lastActiveAt}, ${session.updatedAt}, ${session.createdAt})`, activeSince),
    );

  const paying = await db
    .select({
      plan: subscriptions.planId,
      interval: subscriptions.billingInterval,
      seats: subscriptions.seats,
      n: count(),
    })
    .from(subscriptions)
    // Paying means a payment provider holds the subscription: a plan an administrator gave by hand
    // (an override) has no provider subscription and brings in nothing.
    .where(
      and(
        inArray(subscriptions.planId, ["pro", "team"]),
        eq(subscriptions.status, "active"),
        isNotNull(subscriptions.providerSubscriptionId),
      ),
    )
    .groupBy(subscriptions.planId, subscriptions.billingInterval, subscriptions.seats);

  const [users] = await db.select({ n: count() }).from(user);
  return {
    signupsPerDay,
    totalUsers: Number(users?.n ?? 0),
    activeUsers: Number(active?.n ?? 0),
    payingSubscriptions: paying.reduce((sum, r) => sum + Number(r.n), 0),
    monthlyRevenue: monthlyRevenue(
      paying.map((r) => ({
        plan: r.plan as "pro" | "team",
        interval: r.interval === "year" ? "year" : "month",
        seats: r.seats,
        count: Number(r.n),
      })),
    ),
  };
}
