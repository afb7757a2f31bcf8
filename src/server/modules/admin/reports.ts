// Read-only lists of the admin area: client error reports, accounts waiting for their purge, and
// the mail the development outbox holds. Each is for administrators only (access.ts).
import { asc, count, desc, eq } from "drizzle-orm";
import type { AdminDeletionsPage, AdminErrorReportsPage, AdminMail } from "#shared/contracts/admin.ts";
import { accountDeletions, clientErrorReports } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";
import type { Mailer, OutboxMailer } from "../../providers/mail/mailer.ts";
import { type AdminCall, adminActor } from "./access.ts";

export type PageQuery = { page: number; pageSize: number };

/** Newest first, with the reporter's email while their account exists. */
export async function listErrorReports(
  call: AdminCall & { query: PageQuery },
): Promise<AdminErrorReportsPage> {
  await adminActor(call);
  const { db, query: q } = call;
  const rows = await db
    .select({ r: clientErrorReports, email: user.email })
    .from(clientErrorReports)
    .leftJoin(user, eq(user.id, clientErrorReports.userId))
    .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(clientErrorReports);
  return {
    items: rows.map(({ r, email }) => ({
      id: r.id,
      userId: r.userId,
      userEmail: email,
      message: r.message,
      stack: r.stack,
      componentStack: r.componentStack,
      url: r.url,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: total?.n ?? 0,
  };
}

/** Soonest purge first. */
export async function listPendingDeletions(
  call: AdminCall & { query: PageQuery },
): Promise<AdminDeletionsPage> {
  await adminActor(call);
  const { db, query: q } = call;
  const rows = await db
    .select()
    .from(accountDeletions)
    .orderBy(asc(accountDeletions.purgeAfter), asc(accountDeletions.userId))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [total] = await db.select({ n: count() }).from(accountDeletions);
  return {
    items: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      requestedAt: r.requestedAt.toISOString(),
      purgeAfter: r.purgeAfter.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: total?.n ?? 0,
  };
}

function isOutbox(mailer: Mailer): mailer is OutboxMailer {
  return mailer.kind === "outbox" && "list" in mailer;
}

export const HIDDEN_LINK = "[link hidden]";

/**
 * The links in Kairo's mail are keys: a verification or password-reset link lets whoever opens it act
 * as the recipient. An administrator reading the outbox must not hold them (a plain admin could
 * otherwise reset a super admin's password), so every link is replaced.
 */
export function hideLinks(text: string): string {
  return text.replace(/\b(?:https?:\/\/|www\.)\S+/gi, HIDDEN_LINK);
}

/** The mail outbox, for administrators. */
export async function mailOutbox(call: AdminCall & { mailer: Mailer }): Promise<AdminMail> {
  await adminActor(call);
  return outboxView(call.mailer);
}

/** The outbox's messages, newest first, links hidden; with SMTP there is nothing kept to show. */
export function outboxView(mailer: Mailer): AdminMail {
  if (!isOutbox(mailer)) return { transport: "smtp", messages: [] };
  return {
    transport: "outbox",
    messages: mailer
      .list()
      .map((m) => ({ to: m.to, subject: m.subject, text: hideLinks(m.text), sentAt: m.sentAt })),
  };
}
