// What the calendar use cases need, taken from the app's dependencies once: the route handlers and
// the scheduled job share it, so both tell the person the same way when a calendar needs reconnecting.
import { eq } from "drizzle-orm";
import { user } from "../../db/schema/auth.ts";
import type { AppDeps } from "../../deps.ts";
import { calendarReconnectEmail } from "../../providers/mail/templates.ts";
import { createNotification } from "../notifications/notifications.ts";
import type { ConnectDeps } from "./connect.ts";

export type CalendarAppDeps = Pick<
  AppDeps,
  | "database"
  | "secretBox"
  | "calendars"
  | "logger"
  | "clock"
  | "publicUrl"
  | "mailer"
  | "events"
  | "entitlements"
>;

export function calendarSyncDeps(
  deps: Omit<CalendarAppDeps, "entitlements">,
): ConnectDeps & { clock: () => Date } {
  const db = deps.database.db;
  return {
    db,
    secretBox: deps.secretBox,
    calendars: deps.calendars,
    logger: deps.logger,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    events: deps.events,
    async onReconnectNeeded({ userId, calendarName }) {
      await createNotification({
        db,
        events: deps.events,
        userId,
        kind: "calendar",
        title: `Reconnect ${calendarName}`,
        body: "Kairo can no longer read this calendar (access was revoked or has expired). Reconnect it in Settings to keep it in sync.",
        link: "/settings#calendar",
      });
      const [person] = await db
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(eq(user.id, userId));
      if (!person) return;
      await deps.mailer.send(
        calendarReconnectEmail(
          person.email,
          person.name,
          calendarName,
          new URL("/settings#calendar", deps.publicUrl).toString(),
        ),
      );
    },
  };
}
