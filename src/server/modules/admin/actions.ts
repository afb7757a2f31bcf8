// What an administrator can do to a person: change the role, ban, unban and override the plan.
// Each use case takes one options object, checks that the caller is an administrator now
// (access.ts) and its own rules, then makes the change and writes its audit entry in one
// transaction; anything refused changes nothing. Better Auth is told afterwards (sessions end on a
// ban, cached sessions learn a new role). Each answers the person as the people list shows them.
import { eq } from "drizzle-orm";
import { ADMIN_LIMITS, type AdminUser, type PlanOverrideBody } from "#shared/contracts/admin.ts";
import { isAdminRole, type Role } from "#shared/contracts/auth.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { accountDeletions } from "../../db/schema/admin.ts";
import { user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Clock, Tx } from "../../db/transaction.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { ensureTeam } from "../team/seats.ts";
import { type Actor, type AdminCall, adminActor } from "./access.ts";
import { recordAudit } from "./audit.ts";
import type { AuthEffects } from "./auth-effects.ts";
import { getAdminUser, lockActiveSuperAdmins } from "./users.ts";

/** An action on one person (`targetId`), by the signed-in person if they are an administrator. */
export type AdminAction = AdminCall & { effects: AuthEffects; clock: Clock; targetId: string };

const DAY_MS = 86_400_000;

export const ADMIN_MESSAGES = {
  notFound: "Person not found.",
  superAdminOnly: "Only a super admin can grant or remove the admin and super admin roles.",
  superAdminOnlyBan: "Only a super admin can ban or unban an administrator.",
  lastSuperAdmin: "Kairo needs at least one super admin. Make someone else super admin first.",
  selfBan: "You cannot ban yourself.",
  alreadyBanned: "This person is already banned.",
  notBanned: "This person is not banned.",
  pendingDeletion: "This account is being deleted at its owner's request and stays closed.",
  trialInPast: "The trial must end in the future.",
  trialTooFar: `The trial can end at most ${ADMIN_LIMITS.trialMaxDays} days from now.`,
} as const;

async function lockTarget(tx: Tx, id: string) {
  const [row] = await tx.select().from(user).where(eq(user.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notFound);
  return row;
}

/** Refuses when `targetId` is the last super admin who can still sign in. */
async function keepOneSuperAdmin(tx: Tx, targetId: string) {
  const remaining = (await lockActiveSuperAdmins(tx)).filter((id) => id !== targetId);
  if (remaining.length === 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.lastSuperAdmin);
}

/** The person after the action, as the people list shows them. */
async function answer(call: AdminAction): Promise<AdminUser> {
  const found = await getAdminUser(call.db, call.targetId, call.clock());
  if (!found) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.notFound);
  return found;
}

/**
 * Gives `targetId` the role. Only a super admin grants or removes admin and super_admin (so an
 * admin cannot change another admin); the last super admin cannot be demoted. The same role again
 * changes nothing and writes no entry.
 */
export async function changeRole(call: AdminAction & { role: Role }): Promise<AdminUser> {
  const { db, targetId, role } = call;
  const actor = await adminActor(call);
  const now = call.clock();
  const changed = await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId);
    if (target.role === role) return false;
    if ((isAdminRole(role) || isAdminRole(target.role)) && actor.role !== "super_admin") {
      throw new AppError("FORBIDDEN", ADMIN_MESSAGES.superAdminOnly);
    }
    if (target.role === "super_admin") await keepOneSuperAdmin(tx, target.id);
    await tx.update(user).set({ role, updatedAt: now }).where(eq(user.id, target.id));
    await recordAudit(tx, {
      actor,
      action: "user.role_changed",
      target,
      details: { from: target.role, to: role },
      at: now,
    });
    return true;
  });
  if (changed) {
    await call.effects.refreshSessions(targetId);
    call.log.info({ target: targetId, role }, "admin changed a role");
  }
  return answer(call);
}

function mayActOnAdmins(actor: Actor, target: { role: string }) {
  if (isAdminRole(target.role) && actor.role !== "super_admin") {
    throw new AppError("FORBIDDEN", ADMIN_MESSAGES.superAdminOnlyBan);
  }
}

/** Bars the person from signing in and ends every session they have. */
export async function banUser(call: AdminAction & { reason: string | undefined }): Promise<AdminUser> {
  const { db, targetId, reason } = call;
  const actor = await adminActor(call);
  const now = call.clock();
  if (targetId === actor.id) throw new AppError("VALIDATION", ADMIN_MESSAGES.selfBan);
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId);
    mayActOnAdmins(actor, target);
    if (target.banned) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyBanned);
    if (target.role === "super_admin") await keepOneSuperAdmin(tx, target.id);
    await tx
      .update(user)
      .set({ banned: true, banReason: reason || null, banExpires: null, updatedAt: now })
      .where(eq(user.id, target.id));
    await recordAudit(tx, {
      actor,
      action: "user.banned",
      target,
      details: reason ? { reason } : {},
      at: now,
    });
  });
  // After the commit: the ban already refuses new sessions, this ends the open ones.
  await call.effects.revokeSessions(targetId);
  call.log.info({ target: targetId }, "admin banned a person");
  return answer(call);
}

/** Lets a banned person sign in again (not an account closed by its owner's deletion request). */
export async function unbanUser(call: AdminAction): Promise<AdminUser> {
  const { db, targetId } = call;
  const actor = await adminActor(call);
  const now = call.clock();
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, targetId);
    mayActOnAdmins(actor, target);
    if (!target.banned) throw new AppError("CONFLICT", ADMIN_MESSAGES.notBanned);
    const [deleting] = await tx
      .select({ id: accountDeletions.userId })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, target.id));
    if (deleting) throw new AppError("CONFLICT", ADMIN_MESSAGES.pendingDeletion);
    await tx
      .update(user)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: now })
      .where(eq(user.id, target.id));
    await recordAudit(tx, {
      actor,
      action: "user.unbanned",
      target,
      details: target.banReason ? { previousReason: target.banReason } : {},
      at: now,
    });
  });
  call.log.info({ target: targetId }, "admin unbanned a person");
  return answer(call);
}

type SubscriptionValues = {
  planId: string | null;
  status: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  seats: number;
};

function overrideValues(
  body: PlanOverrideBody,
  current: SubscriptionValues | null,
  now: Date,
): SubscriptionValues {
  const base = { currentPeriodEnd: null, cancelAtPeriodEnd: false };
  switch (body.plan) {
    case "free": {
      // A trial still running ends now; an older trial end stays as it was.
      const trialEnd = current?.trialEndsAt ?? null;
      return {
        ...base,
        planId: null,
        status: "expired",
        seats: 1,
        trialEndsAt: trialEnd && trialEnd > now ? now : trialEnd,
      };
    }
    case "trial": {
      const end = new Date(body.trialEndsAt);
      if (end <= now) {
        throw new AppError("VALIDATION", ADMIN_MESSAGES.trialInPast, {
          fields: { trialEndsAt: ADMIN_MESSAGES.trialInPast },
        });
      }
      if (end.getTime() - now.getTime() > ADMIN_LIMITS.trialMaxDays * DAY_MS) {
        throw new AppError("VALIDATION", ADMIN_MESSAGES.trialTooFar, {
          fields: { trialEndsAt: ADMIN_MESSAGES.trialTooFar },
        });
      }
      return { ...base, planId: "trial", status: "trialing", seats: 1, trialEndsAt: end };
    }
    case "pro":
      return {
        ...base,
        planId: "pro",
        status: "active",
        seats: 1,
        trialEndsAt: current?.trialEndsAt ?? null,
      };
    case "team":
      return {
        ...base,
        planId: "team",
        status: "active",
        seats: body.seats,
        trialEndsAt: current?.trialEndsAt ?? null,
      };
  }
}

const snapshot = (s: SubscriptionValues | null) =>
  s && {
    planId: s.planId,
    status: s.status,
    seats: s.seats,
    trialEndsAt: s.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
  };

/**
 * Puts the person on a plan by hand, writing their subscription row (the payment provider it names
 * stays as it was: an override is not a payment). The audit entry records it as admin-made, with
 * the row before and after.
 */
export async function overridePlan(
  call: AdminAction & { events: Pick<DomainEvents, "emit" | "afterCommit">; body: PlanOverrideBody },
): Promise<AdminUser> {
  const { db, events, targetId, body } = call;
  const actor = await adminActor(call);
  const now = call.clock();
  await events.afterCommit(() =>
    db.transaction(async (tx) => {
      const target = await lockTarget(tx, targetId);
      const [current] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, target.id))
        .for("update");
      const next = overrideValues(body, current ?? null, now);
      await tx
        .insert(subscriptions)
        .values({ userId: target.id, ...next, updatedAt: now })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...next, updatedAt: now } });
      // A Team plan pays for a team the person owns, as when they buy it.
      if (next.planId === "team") await ensureTeam(tx, target.id);
      await recordAudit(tx, {
        actor,
        action: "user.plan_overridden",
        target,
        details: {
          source: "admin override",
          plan: body.plan,
          provider: current?.provider ?? "local",
          before: snapshot(current ?? null),
          after: snapshot(next),
        },
        at: now,
      });
      events.emit({ type: "plan.changed", personId: target.id });
    }),
  );
  call.log.info({ target: targetId, plan: body.plan }, "admin overrode a plan");
  return answer(call);
}
