// The audit log: one row per admin action, written in the same transaction as the change it
// records, so a change without its entry (or an entry without its change) cannot happen.

import { count, desc } from "drizzle-orm";
import type { AdminAuditPage, AuditAction } from "#shared/contracts/admin.ts";
import { auditLog } from "../../db/schema/admin.ts";
import type { Tx } from "../../db/transaction.ts";
import { type AdminCall, adminActor } from "./access.ts";

export type AuditInput = {
  actor: { id: string; email: string };
  action: AuditAction;
  target: { id: string; email: string };
  details: Record<string, unknown>;
  at: Date;
};

export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetUserId: entry.target.id,
    targetEmail: entry.target.email,
    details: entry.details,
    createdAt: entry.at,
  });
}

/** Newest first. */
export async function listAudit(
  call: AdminCall & { query: { page: number; pageSize: number } },
): Promise<AdminAuditPage> {
  await adminActor(call);
  const { db } = call;
  const { page, pageSize } = call.query;
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      targetUserId: r.targetUserId,
      targetEmail: r.targetEmail,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total: total?.n ?? 0,
  };
}
