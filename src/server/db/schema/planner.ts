import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Reason } from "#shared/domain/planner/types.ts";
import { user } from "./auth.ts";
import { calendarConnections } from "./calendar.ts";
import { tasks } from "./tasks.ts";

// All instants are timestamptz and surface as JS Dates (stored in UTC).
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The person's planner: Settings → Planning (null until saved: the defaults apply), the proposal
 * now previewed (its unplaced tasks, at-risk deadlines and notes; its blocks are plan_blocks rows in
 * the state "proposed"), and what the accepted plan was built on, so a later change (a task done
 * early, a new event, a deadline moved) suggests a re-plan instead of reshuffling silently.
 */
export const plannerState = pgTable("planner_state", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  preferences: jsonb("preferences").$type<Record<string, unknown>>(),
  proposal: jsonb("proposal").$type<Record<string, unknown>>(),
  basis: jsonb("basis").$type<Record<string, unknown>>(),
  // "Write accepted plan blocks to my calendar": the connection written to (its primary calendar),
  // null when off (decision 185). Set only once the connection holds the write scope.
  writeBackConnectionId: uuid("write_back_connection_id").references(() => calendarConnections.id, {
    onDelete: "set null",
  }),
  // The calendar in that connection the person chose (decision 307); null: its main calendar.
  writeBackCalendarId: text("write_back_calendar_id"),
  updatedAt: tstz("updated_at").notNull().defaultNow(),
});

/**
 * Blocks of work on a task: "proposed" (the preview; nothing else changes before acceptance),
 * "accepted", or "pinned" (placed by the person; the planner keeps it exactly). A proposed block
 * that moves an accepted one names it in previous_id.
 */
export const planBlocks = pgTable(
  "plan_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time").notNull(),
    previousId: uuid("previous_id"),
    // For a repeating task: the rule date of the occurrence this block is work on (the open one or a
    // later one); null for a task that happens once. Once the series' open occurrence moves past it
    // (completed or skipped), the block is released as a done task's is (decision 315).
    occurrenceDue: tstz("occurrence_due"),
    part: integer("part").notNull().default(1),
    parts: integer("parts").notNull().default(1),
    reasons: jsonb("reasons").$type<Reason[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: tstz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("plan_blocks_user_state_start_idx").on(t.userId, t.state, t.startTime),
    index("plan_blocks_task_idx").on(t.taskId),
    check("plan_blocks_state_check", sql`${t.state} in ('proposed', 'accepted', 'pinned')`),
    check("plan_blocks_end_after_start_check", sql`${t.endTime} > ${t.startTime}`),
  ],
);

export type PlanBlockRow = typeof planBlocks.$inferSelect;

/**
 * The events Kairo wrote to a person's calendar, one per plan block (decision 186). Keyed by the
 * block's id without a foreign key: a rejected block's row outlives it until its event is deleted.
 * `event_id` is the provider's id; start, end and busy are what the event was last written with,
 * so the write-back job knows what to patch and the sync knows when the person moved it.
 */
export const planBlockEvents = pgTable(
  "plan_block_events",
  {
    blockId: uuid("block_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => calendarConnections.id, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    eventId: text("event_id").notNull(),
    startTime: tstz("start_time").notNull(),
    endTime: tstz("end_time").notNull(),
    busy: boolean("busy").notNull(),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("plan_block_events_user_idx").on(t.userId),
    index("plan_block_events_connection_event_idx").on(t.connectionId, t.eventId),
  ],
);

export type PlanBlockEventRow = typeof planBlockEvents.$inferSelect;
