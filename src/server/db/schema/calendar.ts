import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const calendarConnections = pgTable(
  "calendar_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // Not null so the unique constraint below cannot be sidestepped with NULLs.
    calendarEmail: text("calendar_email").notNull(),
    calendarName: text("calendar_name"),
    // Disconnect sets this false rather than deleting, keeping the sync history.
    isActive: boolean("is_active").notNull().default(true),
    lastSync: tstz("last_sync"),
    errorMessage: text("error_message"),
    // OAuth tokens: the app encrypts them before writing and decrypts after reading;
    // these columns never hold plaintext.
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    tokenExpiresAt: tstz("token_expires_at"),
    // The provider refused the grant (revoked, expired): syncs stop until the person reconnects.
    needsReconnect: boolean("needs_reconnect").notNull().default(false),
    // Where the next incremental sync starts: Google's sync token or Graph's delta link (not a
    // credential: useless without the access token). Null means the next sync is a full one.
    syncCursor: text("sync_cursor"),
    // When the schedule syncs this connection next (every 15 minutes, spread by a random offset).
    nextSyncAt: tstz("next_sync_at"),
    // A sync holds this lease while it runs, so one connection never syncs twice at once, on any
    // instance; a crashed sync's lease simply runs out.
    syncLeaseUntil: tstz("sync_lease_until"),
    // The person granted the write scope (Google calendar.events, Microsoft Calendars.ReadWrite) for
    // writing accepted plan blocks (decision 185); refreshes then ask for it again.
    writeGranted: boolean("write_granted").notNull().default(false),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("calendar_connections_user_active_idx").on(t.userId, t.isActive),
    // The schedule's scan: active connections due for a sync.
    index("calendar_connections_next_sync_idx")
      .on(t.nextSyncAt)
      .where(sql`${t.isActive} and not ${t.needsReconnect}`),
    // Reconnecting the same account updates the existing row instead of adding a duplicate.
    unique("calendar_connections_user_provider_email_unique").on(t.userId, t.provider, t.calendarEmail),
    check("calendar_connections_provider_check", sql`${t.provider} in ('google', 'microsoft')`),
  ],
);

export const syncedEvents = pgTable(
  "synced_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    // The provider's event id.
    externalId: text("external_id").notNull(),
    title: text("title").notNull().default("Untitled Event"),
    description: text("description"),
    // From the event's dateTime, else its date (all-day events start at midnight UTC of that date).
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time"),
    location: text("location"),
    attendees: jsonb("attendees").$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    provider: text("provider").notNull(),
    rawData: jsonb("raw_data").$type<unknown>(),
    createdAt: tstz("created_at").notNull().defaultNow(),
    updatedAt: tstz("updated_at")
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // The upsert target of every sync: re-syncing an event updates it instead of duplicating it.
    unique("synced_events_connection_external_unique").on(t.connectionId, t.externalId),
    index("synced_events_user_start_idx").on(t.userId, t.startTime),
    check("synced_events_provider_check", sql`${t.provider} in ('google', 'microsoft')`),
  ],
);

export const syncLogs = pgTable(
  "sync_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    eventsSynced: integer("events_synced").notNull().default(0),
    syncType: text("sync_type").notNull(),
    startedAt: tstz("started_at").notNull().defaultNow(),
    completedAt: tstz("completed_at"),
    errorMessage: text("error_message"),
    provider: text("provider").notNull(),
  },
  (t) => [
    // The settings page shows the 20 latest entries.
    index("sync_logs_user_started_idx").on(t.userId, t.startedAt.desc().nullsFirst()),
    // Keeps the cascade from calendar_connections from scanning the table.
    index("sync_logs_connection_idx").on(t.connectionId),
    // The daily retention job deletes entries past their retention, oldest first.
    index("sync_logs_started_idx").on(t.startedAt),
    check("sync_logs_status_check", sql`${t.status} in ('success', 'failed')`),
    check("sync_logs_sync_type_check", sql`${t.syncType} in ('manual', 'scheduled')`),
    check("sync_logs_provider_check", sql`${t.provider} in ('google', 'microsoft')`),
  ],
);

// One row per Connect started: the OAuth state's nonce, bound to the person and the provider, with the
// PKCE verifier (sealed). The callback deletes it as it reads it, so a state works once.
export const calendarOauthStates = pgTable(
  "calendar_oauth_states",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    expiresAt: tstz("expires_at").notNull(),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("calendar_oauth_states_user_idx").on(t.userId),
    check("calendar_oauth_states_provider_check", sql`${t.provider} in ('google', 'microsoft')`),
  ],
);

// A person's private iCalendar subscription address. The secret is kept sealed (Settings shows the
// address again) and as a SHA-256 hash, which is what the public feed route looks up.
export const icalFeeds = pgTable("ical_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  token: text("token").notNull(),
  createdAt: tstz("created_at").notNull().defaultNow(),
});

export type CalendarConnection = typeof calendarConnections.$inferSelect;
export type NewCalendarConnection = typeof calendarConnections.$inferInsert;
export type SyncedEvent = typeof syncedEvents.$inferSelect;
export type NewSyncedEvent = typeof syncedEvents.$inferInsert;
export type SyncLog = typeof syncLogs.$inferSelect;
export type NewSyncLog = typeof syncLogs.$inferInsert;
