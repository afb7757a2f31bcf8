// /api/tasks/:id/reminders (list, add, remove the person's own) and /api/reminders/:id/snooze (from
// a fired reminder's notification). Reminders are personal: anyone who can see a task sets their own.
import { Hono } from "hono";
import {
  reminderCreateBody,
  reminderDto,
  reminderListResponse,
  reminderSnoozeBody,
} from "#shared/contracts/reminders.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { addReminder, listReminders, removeReminder, snoozeReminder } from "./reminders.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "entitlements">;

export function taskReminderRoutes(deps: Deps) {
  const common = (personId: string, taskId: string) => ({
    db: deps.database.db,
    clock: deps.clock,
    gate: deps.entitlements,
    personId,
    taskId,
  });
  return new Hono<AppBindings>()
    .get("/:id/reminders", async (c) => {
      const o = common(requireUser(c).id, idParam(c));
      return reply(c, reminderListResponse, { reminders: await listReminders(o) });
    })
    .post("/:id/reminders", async (c) => {
      const o = common(requireUser(c).id, idParam(c));
      const body = await readJson(c, reminderCreateBody);
      return reply(c, reminderDto, await addReminder({ ...o, body }), 201);
    })
    .delete("/:id/reminders/:reminderId", async (c) => {
      const o = common(requireUser(c).id, idParam(c));
      await removeReminder({ ...o, reminderId: idParam(c, "reminderId", "Reminder") });
      return c.body(null, 204);
    });
}

export function reminderRoutes(deps: Deps) {
  return new Hono<AppBindings>().post("/:id/snooze", async (c) => {
    const personId = requireUser(c).id;
    const reminderId = idParam(c, "id", "Reminder");
    const body = await readJson(c, reminderSnoozeBody);
    return reply(
      c,
      reminderDto,
      await snoozeReminder({
        db: deps.database.db,
        clock: deps.clock,
        gate: deps.entitlements,
        personId,
        reminderId,
        body,
      }),
    );
  });
}
