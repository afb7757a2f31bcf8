// The people list of the admin area: search by name or email, newest accounts first, each with
// plan, role, verification, two-factor, sign-up date and last activity.
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AdminUser, AdminUsersPage } from "#shared/contracts/admin.ts";
import type { Role } from "#shared/contracts/auth.ts";
import type { Db } from "../../db/client.ts";
import { accountDeletions } from "../../db/schema/admin.ts";
import { session, user } from "../../db/schema/auth.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import type { Clock } from "../../db/transaction.ts";
import { getPlanStatus } from "../billing/subscription.ts";
import { type AdminCall, adminActor } from "./access.ts";

/** `%` and `_` typed by the admin are searched for literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function searchWhere(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(user.name, pattern), ilike(user.email, pattern));
}

// The newest use of any of the person's sessions: the recorded last activity (written at most once a
// minute per session), else when it was created or renewed.
const lastActive = sql<Date | null>`(select max(greatest(${session.lastActiveAt}, ${session.updatedAt}, ${session.createdAt})) from ${session} where ${session.userId} = ${user.id})`;

async function toAdminUsers(db: Db, ids: string[], now: Date): Promise<AdminUser[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      u: user,
      seats: subscriptions.seats,
      subPlan: subscriptions.planId,
      deletion: accountDeletions.userId,
      lastActive: lastActive.mapWith(session.updatedAt),
    })
    .from(user)
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .leftJoin(accountDeletions, eq(accountDeletions.userId, user.id))
    .where(inArray(user.id, ids));
  const byId = new Map(rows.map((r) => [r.u.id, r]));
  const plans = await Promise.all(ids.map((id) => getPlanStatus(db, id, now)));
  return ids.flatMap((id, i) => {
    const r = byId.get(id);
    if (!r) return [];
    const plan = plans[i]!;
    return [
      {
        id,
        name: r.u.name,
        email: r.u.email,
        role: r.u.role as Role,
        emailVerified: r.u.emailVerified,
        twoFactorEnabled: r.u.twoFactorEnabled === true,
        banned: r.u.banned === true,
        banReason: r.u.banned ? r.u.banReason : null,
        plan: plan.plan,
        seats: plan.plan === "team" && r.subPlan === "team" ? (r.seats ?? null) : null,
        trialEndsAt: plan.trialEndsAt,
        pendingDeletion: r.deletion !== null,
        createdAt: r.u.createdAt.toISOString(),
        lastActiveAt: r.lastActive ? r.lastActive.toISOString() : null,
      },
    ];
  });
}

export async function listUsers(
  call: AdminCall & { clock: Clock; query: { q?: string; page: number; pageSize: number } },
): Promise<AdminUsersPage> {
  await adminActor(call);
  const { db, query } = call;
  const now = call.clock();
  const where = searchWhere(query.q);
  const page = await db
    .select({ id: user.id })
    .from(user)
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(user).where(where);
  return {
    items: await toAdminUsers(
      db,
      page.map((r) => r.id),
      now,
    ),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

export async function getAdminUser(db: Db, id: string, now: Date): Promise<AdminUser | null> {
  const [found] = await toAdminUsers(db, [id], now);
  return found ?? null;
}

/** Ids of the super admins who can still sign in, locked until the transaction ends. */
export async function lockActiveSuperAdmins(tx: Pick<Db, "select">): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, "super_admin"), sql`coalesce(${user.banned}, false) = false`))
    .for("update");
  return rows.map((r) => r.id);
}
