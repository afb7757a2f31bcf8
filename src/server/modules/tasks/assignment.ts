// Telling a person a task was assigned to them (issue 23): in the app (the bell, live over the
// socket hub once the change commits) and by email through the mail outbox when their
// "Email notifications" switch is on. Written in the transaction of the change.
import { eq } from "drizzle-orm";
import { resolvePreferences } from "#shared/contracts/preferences.ts";
import { user } from "../../db/schema/auth.ts";
import type { Task } from "../../db/schema/tasks.ts";
import type { Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { MailOutbox } from "../../providers/mail/mail-outbox.ts";
import { announceNotification, insertNotification } from "../notifications/notifications.ts";

export type AssignmentMail = Pick<MailOutbox, "enqueue" | "kick">;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export async function notifyAssignee(o: {
  tx: Tx;
  events: Pick<DomainEvents, "emit">;
  mail: AssignmentMail | undefined;
  task: Task;
  assigneeId: string;
  byId: string;
  projectName: string;
  now: Date;
}): Promise<void> {
  const [by] = await o.tx.select({ name: user.name }).from(user).where(eq(user.id, o.byId));
  const [to] = await o.tx
    .select({ email: user.email, preferences: user.preferences })
    .from(user)
    .where(eq(user.id, o.assigneeId));
  if (!to) return;
  const byName = by?.name || "A team member";
  const title = `${byName} assigned you “${o.task.title}”`.slice(0, 200);
  const body = `In ${o.projectName}.`;
  const link = o.task.projectId
    ? `/dashboard?section=tasks&project=${o.task.projectId}`
    : "/dashboard?section=tasks";
  const dto = await insertNotification(o.tx, {
    userId: o.assigneeId,
    kind: "assignment",
    title,
    body,
    link,
    now: o.now,
  });
  announceNotification(o.events, o.assigneeId, dto);
  if (o.mail && resolvePreferences(to.preferences).notifications.email) {
    await o.mail.enqueue(o.tx, {
      idempotencyKey: `task-assigned:${o.task.id}:${o.task.version}:${o.assigneeId}`,
      userId: o.assigneeId,
      to: to.email,
      subject: `Kairo: ${title}`,
      text: `${title}. ${body}`,
      html: `<p>${escapeHtml(title)}. ${escapeHtml(body)}</p>`,
    });
  }
}
