import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organization, user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // One row per person: the spec reads it by user_id as a single row.
    userId: text("user_id")
      .notNull()
      .unique("subscriptions_user_id_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    // Null means no paid plan (shown as Free); a live trial counts as pro.
    planId: text("plan_id"),
    status: text("status").notNull().default("trialing"),
    trialEndsAt: tstz("trial_ends_at"),
    currentPeriodEnd: tstz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    seats: integer("seats").notNull().default(1),
    // "month" or "year" (20% off); decides the amount the provider charges.
    billingInterval: text("billing_interval").notNull().default("month"),
    // Which PaymentProvider owns this subscription.
    provider: text("provider").notNull().default("local"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    // The team a team-plan subscription pays for.
    organizationId: text("organization_id").references(() => organization.id, {
      onDelete: "set null",
    }),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // Webhooks identify the row by the provider's subscription id; one provider subscription
    // maps to one row (NULLs, i.e. no provider subscription yet, are not constrained).
    uniqueIndex("subscriptions_provider_subscription_uidx").on(t.providerSubscriptionId),
    // Keeps the SET NULL on organization deletion from scanning the table.
    index("subscriptions_organization_idx").on(t.organizationId),
    check(
      "subscriptions_plan_id_check",
      sql`${t.planId} is null or ${t.planId} in ('trial', 'pro', 'team', 'elite')`,
    ),
    check(
      "subscriptions_status_check",
      sql`${t.status} in ('trialing', 'active', 'past_due', 'canceled', 'expired')`,
    ),
    check("subscriptions_seats_check", sql`${t.seats} >= 1`),
    check("subscriptions_provider_check", sql`${t.provider} in ('local', 'stripe')`),
    check("subscriptions_interval_check", sql`${t.billingInterval} in ('month', 'year')`),
  ],
);

// A checkout prepared by the local PaymentProvider: the in-app test checkout page shows it, and
// only the server's own confirmation (Pay) turns it into a subscription.
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    seats: integer("seats").notNull(),
    billingInterval: text("billing_interval").notNull().default("month"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status").notNull().default("open"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    completedAt: tstz("completed_at"),
  },
  (t) => [
    index("checkout_sessions_user_created_idx").on(t.userId, t.createdAt.desc()),
    check("checkout_sessions_plan_check", sql`${t.plan} in ('pro', 'team')`),
    check("checkout_sessions_status_check", sql`${t.status} in ('open', 'paid', 'canceled', 'expired')`),
    check("checkout_sessions_seats_check", sql`${t.seats} between 1 and 100`),
    check("checkout_sessions_interval_check", sql`${t.billingInterval} in ('month', 'year')`),
    check("checkout_sessions_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

// Server record of a 30-minute "Try Demo" preview, so server-side plan checks honour it and
// it expires on the server too.
export const demoGrants = pgTable(
  "demo_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    plan: text("plan").notNull(),
    startedAt: tstz("started_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [
    // "Does this user have a live grant?" reads the latest expiry per user.
    index("demo_grants_user_expires_idx").on(t.userId, t.expiresAt.desc().nullsFirst()),
    check("demo_grants_plan_check", sql`${t.plan} in ('pro', 'team')`),
    check("demo_grants_expiry_check", sql`${t.expiresAt} > ${t.startedAt}`),
  ],
);

// When the upgrade dialog first showed a person the launch offer: its 600-second window runs from
// here, and a checkout gets the discount only when started inside it. One row per person, written
// once, so the window never opens again.
export const launchOfferWindows = pgTable("launch_offer_windows", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  openedAt: tstz("opened_at").notNull(),
});

// Ids of processed Stripe webhook events: inserting first (on conflict do nothing) makes
// redelivered events no-ops.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: tstz("received_at").notNull().defaultNow(),
});

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type DemoGrant = typeof demoGrants.$inferSelect;
export type NewDemoGrant = typeof demoGrants.$inferInsert;
export type CheckoutSession = typeof checkoutSessions.$inferSelect;
export type LaunchOfferWindow = typeof launchOfferWindows.$inferSelect;
export type StripeEvent = typeof stripeEvents.$inferSelect;
export type NewStripeEvent = typeof stripeEvents.$inferInsert;
