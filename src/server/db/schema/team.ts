import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ActivityAction } from "#shared/contracts/team-workspace.ts";
import { organization, user } from "./auth.ts";

/**
 * The Team Workspace's Recent Activity (spec section 3, activity event): what a member did, kept so
 * the list survives reloads and reaches members who arrive later. A person's rows go with their
 * account, a team's with the team.
 */
export const teamActivity = pgTable(
  "team_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: text("team_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    action: text("action").$type<ActivityAction>().notNull(),
    target: text("target"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("team_activity_team_created_idx").on(t.teamId, t.createdAt.desc()),
    // The daily retention job deletes rows past their retention, oldest first.
    index("team_activity_created_idx").on(t.createdAt),
  ],
);
