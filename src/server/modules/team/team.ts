// The team a Team subscription pays for: who is in it, invitations up to the seats bought, accepting
// them, and removing people. One code path: these use cases write Better Auth's organization tables
// directly (its own organization endpoints are closed in app.ts), so the seat limit is checked in
// the same transaction that writes, with the owner's subscription row locked.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { RoleChangesResponse } from "#shared/contracts/projects.ts";
import {
  INVITATION_DAYS,
  type InvitationPreview,
  type InvitationStatus,
  seatsFullMessage,
  type TeamDto,
  type TeamResponse,
} from "#shared/contracts/team.ts";
import { decide, isTeamRole, mayGrant, type TeamRole } from "#shared/domain/permissions.ts";
import { planStatus } from "#shared/domain/subscription.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { Db } from "../../db/client.ts";
import { invitation, member, organization, user } from "../../db/schema/auth.ts";
import { type Subscription, subscriptions } from "../../db/schema/billing.ts";
import { teamRoleChanges } from "../../db/schema/projects.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { Logger } from "../../logger.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import { teamInvitationEmail } from "../../providers/mail/templates.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { requireTeamAction } from "../permissions/permissions.ts";
import { releaseTeamWork } from "../projects/projects.ts";
import { type Conn, seatUsage } from "./seat-usage.ts";

const DAY_MS = 86_400_000;

/** A stored member role as a team role; anything unknown reads as "member". */
const roleOf = (role: string | undefined): TeamRole => (isTeamRole(role) ? role : "member");

const teamLive = (sub: Subscription, now: Date) => planStatus(sub, now).plan === "team";

const invitationNotFound = () => new AppError("NOT_FOUND", "Invitation not found.");

/** The teams the person belongs to whose owner's Team subscription is live, their own first. */
export async function liveMemberships(conn: Conn, userId: string, now: Date) {
  const rows = await conn
    .select({ member, sub: subscriptions, org: organization })
    .from(member)
    .innerJoin(subscriptions, eq(subscriptions.organizationId, member.organizationId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt));
  return rows
    .filter((r) => teamLive(r.sub, now))
    .sort((a, b) => Number(b.sub.userId === userId) - Number(a.sub.userId === userId));
}

async function teamDto(
  conn: Conn,
  org: { id: string; name: string },
  sub: Subscription,
  viewerId: string,
  now: Date,
): Promise<TeamDto> {
  const isOwner = sub.userId === viewerId;
  const members = await conn
    .select({
      id: member.id,
      userId: member.userId,
      role: member.role,
      createdAt: member.createdAt,
      name: user.name,
      email: user.email,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, org.id))
    .orderBy(asc(member.createdAt));
  const pending = await conn
    .select()
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, org.id),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
      ),
    )
    .orderBy(asc(invitation.createdAt));
  return {
    id: org.id,
    name: org.name,
    seats: sub.seats,
    seatsUsed: members.length + pending.length,
    isOwner,
    myRole: isOwner ? "owner" : roleOf(members.find((m) => m.userId === viewerId)?.role),
    members: members
      // The owner first, then everyone in the order they joined.
      .sort((a, b) => Number(b.userId === sub.userId) - Number(a.userId === sub.userId))
      .map((m) => ({
        id: m.id,
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.userId === sub.userId ? "owner" : roleOf(m.role),
        joinedAt: m.createdAt.toISOString(),
      })),
    invitations: isOwner
      ? pending.map((i) => ({
          id: i.id,
          email: i.email,
          sentAt: i.createdAt.toISOString(),
          expiresAt: i.expiresAt.toISOString(),
        }))
      : [],
  };
}

/** Reading the team and managing it need the team_collaboration feature (Team, or a demo preview). */
type Gate = Pick<Entitlements, "require">;
const requireTeamFeature = (entitlements: Gate, personId: string) =>
  entitlements.require(personId, "team_collaboration");

/** The person's team (the one they own, else the one they joined) while its Team plan is live. */
export async function getTeam(o: {
  db: Db;
  entitlements: Gate;
  personId: string;
  clock: () => Date;
}): Promise<TeamResponse> {
  await requireTeamFeature(o.entitlements, o.personId);
  return readTeam(o.db, o.personId, o.clock());
}

async function readTeam(conn: Conn, userId: string, now: Date): Promise<TeamResponse> {
  const [first] = await liveMemberships(conn, userId, now);
  if (!first) return { team: null };
  return { team: await teamDto(conn, first.org, first.sub, userId, now) };
}

/**
 * The live team the caller manages (their own, or one where their role may manage members, as the
 * permission table says), its owner's subscription locked for the rest of the transaction; refuses
 * anyone else (a member or viewer, or someone without a Team plan).
 */
async function lockOwnTeam(tx: Conn, userId: string, now: Date) {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  if (sub?.organizationId && teamLive(sub, now)) {
    const [org] = await tx.select().from(organization).where(eq(organization.id, sub.organizationId));
    if (org) return { sub, org };
  }
  const memberships = await liveMemberships(tx, userId, now);
  const managed = memberships.find(
    (m) => decide({ role: roleOf(m.member.role) }, "team.members.manage").allowed,
  );
  if (managed) {
    const [locked] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, managed.sub.id))
      .for("update");
    if (locked && teamLive(locked, now)) return { sub: locked, org: managed.org };
  }
  if (memberships.length > 0) {
    throw new AppError("FORBIDDEN", "Only the team owner can manage members and invitations.");
  }
  throw new AppError("PLAN_REQUIRED", "Buy the Team plan to create your team and invite people.", {
    requiredPlan: "team",
  });
}

export type InviteMemberOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  entitlements: Gate;
  owner: { id: string; name: string };
  /** Lower-cased by the request schema. */
  email: string;
  clock: () => Date;
};

/** Invites `email` to the owner's team if a seat is free, then mails the accept link. */
export async function inviteMember(deps: InviteMemberOptions): Promise<TeamResponse> {
  const { owner, email } = deps;
  await requireTeamFeature(deps.entitlements, owner.id);
  const now = deps.clock();
  const { id, teamName } = await deps.db.transaction(async (tx) => {
    const { sub, org } = await lockOwnTeam(tx, owner.id, now);
    const [existing] = await tx
      .select({ id: member.id })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, org.id), sql`lower(${user.email}) = ${email}`))
      .limit(1);
    if (existing) throw new AppError("CONFLICT", `${email} is already a member of your team.`);
    const [invited] = await tx
      .select({ id: invitation.id })
      .from(invitation)
      .where(
        and(
          eq(invitation.organizationId, org.id),
          sql`lower(${invitation.email}) = ${email}`,
          eq(invitation.status, "pending"),
          gt(invitation.expiresAt, now),
        ),
      )
      .limit(1);
    if (invited) throw new AppError("CONFLICT", `${email} already has a pending invitation.`);
    const usage = await seatUsage(tx, org.id, now);
    if (usage.used + 1 > sub.seats) throw new AppError("CONFLICT", seatsFullMessage(sub.seats));
    const id = randomUUID();
    await tx.insert(invitation).values({
      id,
      organizationId: org.id,
      email,
      role: "member",
      status: "pending",
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      inviterId: owner.id,
      createdAt: now,
    });
    return { id, teamName: org.name };
  });
  const url = new URL(`/team/invite/${id}`, deps.publicUrl).toString();
  try {
    await deps.mailer.send(
      teamInvitationEmail(email, { inviterName: owner.name, teamName, url, days: INVITATION_DAYS }),
    );
  } catch (cause) {
    // An invitation nobody heard of would hold a seat: take it back and say so.
    deps.logger.error({ err: cause }, "team invitation email failed");
    await deps.db.delete(invitation).where(eq(invitation.id, id));
    throw new AppError("UNAVAILABLE", "The invitation email could not be sent. Please try again.", { cause });
  }
  return readTeam(deps.db, owner.id, now);
}

function statusOf(row: typeof invitation.$inferSelect, now: Date): InvitationStatus {
  if (row.status === "pending") return row.expiresAt > now ? "pending" : "expired";
  if (row.status === "accepted" || row.status === "canceled") return row.status;
  return "canceled";
}

/** An invitation, for the person it was sent to only. */
async function ownInvitation(conn: Conn, id: string, who: { email: string }, lock = false) {
  const query = conn.select().from(invitation).where(eq(invitation.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw invitationNotFound();
  if (row.email.toLowerCase() !== who.email.toLowerCase()) {
    throw new AppError(
      "FORBIDDEN",
      "This invitation was sent to a different email address. Sign in with that address to accept it.",
    );
  }
  return row;
}

async function isMember(conn: Conn, organizationId: string, userId: string) {
  const [row] = await conn
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** What the invited person sees before accepting; only sign-in is needed (accepting grants the feature). */
export async function previewInvitation(o: {
  db: Db;
  person: { id: string; email: string };
  invitationId: string;
  clock: () => Date;
}): Promise<InvitationPreview> {
  const { db, person: who, invitationId: id } = o;
  const now = o.clock();
  const row = await ownInvitation(db, id, who);
  const [org] = await db.select().from(organization).where(eq(organization.id, row.organizationId));
  const [inviter] = await db.select({ name: user.name }).from(user).where(eq(user.id, row.inviterId));
  return {
    id: row.id,
    teamName: org?.name ?? "Team",
    inviterName: inviter?.name ?? "",
    status: statusOf(row, now),
    expiresAt: row.expiresAt.toISOString(),
    alreadyMember: await isMember(db, row.organizationId, who.id),
  };
}

/** The invited person joins the team, if the invitation is theirs, still open and a seat is free. */
export async function acceptInvitation(o: {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  person: { id: string; email: string };
  invitationId: string;
  clock: () => Date;
}): Promise<TeamResponse> {
  const { db, events, person: who, invitationId: id } = o;
  const now = o.clock();
  await events.afterCommit(() =>
    db.transaction(async (tx) => {
      // Lock order as everywhere else: the owner's subscription row first (it serialises this with the
      // owner's invitations, revocations and seat changes), then the invitation.
      const found = await ownInvitation(tx, id, who);
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, found.organizationId))
        .for("update");
      const row = await ownInvitation(tx, id, who, true);
      if (await isMember(tx, row.organizationId, who.id)) {
        if (row.status === "pending") {
          await tx.update(invitation).set({ status: "accepted" }).where(eq(invitation.id, id));
        }
        return;
      }
      const status = statusOf(row, now);
      if (status === "expired") {
        throw new AppError("CONFLICT", "This invitation has expired. Ask the team owner to send a new one.");
      }
      if (status !== "pending") {
        throw new AppError(
          "CONFLICT",
          status === "accepted"
            ? "This invitation has already been used."
            : "This invitation was withdrawn by the team owner.",
        );
      }
      if (!sub || !teamLive(sub, now)) {
        throw new AppError(
          "CONFLICT",
          "This team's Team plan is no longer active, so it cannot take new members.",
        );
      }
      const elsewhere = (await liveMemberships(tx, who.id, now)).find(
        (m) => m.member.organizationId !== row.organizationId,
      );
      if (elsewhere) {
        throw new AppError(
          "CONFLICT",
          elsewhere.sub.userId === who.id
            ? "You already have your own team on Kairo, so you cannot join another one."
            : "You already belong to another team on Kairo. Ask its owner to remove you before joining this one.",
        );
      }
      // Pending invitations hold seats against new invitations; here only members count, so when the
      // seats went down after inviting (through the payment provider), the first to accept gets in.
      const usage = await seatUsage(tx, row.organizationId, now);
      if (usage.members + 1 > sub.seats) {
        throw new AppError(
          "CONFLICT",
          `All ${sub.seats} seats of this team are taken. Ask the team owner to add seats.`,
        );
      }
      await tx.insert(member).values({
        id: randomUUID(),
        organizationId: row.organizationId,
        userId: who.id,
        role: "member",
        createdAt: now,
      });
      await tx.update(invitation).set({ status: "accepted" }).where(eq(invitation.id, id));
      events.emit({ type: "team.member_joined", teamId: row.organizationId, personId: who.id });
    }),
  );
  return readTeam(db, who.id, now);
}

/** The owner withdraws an invitation that has not been accepted; its seat is free again. */
export async function revokeInvitation(o: {
  db: Db;
  entitlements: Gate;
  personId: string;
  invitationId: string;
  clock: () => Date;
}): Promise<TeamResponse> {
  const { db, personId: ownerId, invitationId: id } = o;
  await requireTeamFeature(o.entitlements, ownerId);
  const now = o.clock();
  await db.transaction(async (tx) => {
    const { org } = await lockOwnTeam(tx, ownerId, now);
    const [row] = await tx
      .select()
      .from(invitation)
      .where(and(eq(invitation.id, id), eq(invitation.organizationId, org.id)));
    if (!row) throw invitationNotFound();
    if (row.status === "accepted") {
      throw new AppError("CONFLICT", "This invitation has already been accepted. Remove the member instead.");
    }
    if (row.status === "pending") {
      await tx.update(invitation).set({ status: "canceled" }).where(eq(invitation.id, id));
    }
  });
  return readTeam(db, ownerId, now);
}

/** The owner removes a member, who loses the team's features with their next request. */
export async function removeMember(o: {
  db: Db;
  events: Pick<DomainEvents, "emit" | "afterCommit">;
  entitlements: Gate;
  personId: string;
  memberId: string;
  clock: () => Date;
}): Promise<TeamResponse> {
  const { db, events, personId: ownerId, memberId } = o;
  await requireTeamFeature(o.entitlements, ownerId);
  const now = o.clock();
  await events.afterCommit(() =>
    db.transaction(async (tx) => {
      const { org, sub } = await lockOwnTeam(tx, ownerId, now);
      const [row] = await tx
        .select()
        .from(member)
        .where(and(eq(member.id, memberId), eq(member.organizationId, org.id)));
      if (!row) throw new AppError("NOT_FOUND", "Member not found.");
      if (row.userId === ownerId || row.role === "owner" || row.userId === sub.userId) {
        throw new AppError("CONFLICT", "The team owner cannot be removed.");
      }
      await tx.delete(member).where(eq(member.id, memberId));
      // Their open tasks in the team's projects become unassigned; what they made stays the team's.
      await releaseTeamWork(tx, row.userId, org.id, now);
      await auditRole(tx, {
        teamId: org.id,
        userId: row.userId,
        from: roleOf(row.role),
        to: null,
        by: ownerId,
        now,
      });
      // Their sockets leave the team's rooms on every instance, and the team's activity says so.
      events.emit({ type: "team.member_left", teamId: org.id, personId: row.userId });
    }),
  );
  return readTeam(db, ownerId, now);
}

/** A row of the role audit, with the names as they are now (kept if an account goes). */
async function auditRole(
  tx: Conn,
  o: { teamId: string; userId: string; from: TeamRole | null; to: TeamRole | null; by: string; now: Date },
) {
  const names = new Map(
    (
      await tx
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(sql`${user.id} in (${o.userId}, ${o.by})`)
    ).map((r) => [r.id, r.name]),
  );
  await tx.insert(teamRoleChanges).values({
    teamId: o.teamId,
    userId: o.userId,
    userName: names.get(o.userId) ?? "",
    fromRole: o.from,
    toRole: o.to,
    changedBy: o.by,
    changedByName: names.get(o.by) ?? "",
    createdAt: o.now,
  });
}

/**
 * An owner or admin changes a member's role, as the permission table allows: only an owner makes or
 * unmakes owners, and the person who pays for the team stays its owner. Audited.
 */
export async function changeMemberRole(o: {
  db: Db;
  entitlements: Gate;
  personId: string;
  memberId: string;
  role: TeamRole;
  clock: () => Date;
}): Promise<TeamResponse> {
  await requireTeamFeature(o.entitlements, o.personId);
  const now = o.clock();
  await o.db.transaction(async (tx) => {
    const [row] = await tx.select().from(member).where(eq(member.id, o.memberId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "Member not found.");
    const granter = await requireTeamAction(
      tx,
      row.organizationId,
      o.personId,
      "team.roles.change",
      "Member not found.",
    );
    const from = roleOf(row.role);
    if (from === o.role) return;
    if (!mayGrant(granter, from, o.role))
      throw new AppError(
        "FORBIDDEN",
        "Only a team owner can make someone an owner or change an owner's role.",
      );
    const [sub] = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, row.organizationId));
    if (sub?.userId === row.userId)
      throw new AppError("CONFLICT", "The person who pays for the team stays its owner.");
    if (from === "owner") {
      const owners = await tx
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.organizationId, row.organizationId), eq(member.role, "owner")));
      if (owners.length <= 1)
        throw new AppError("CONFLICT", "The team's last owner cannot stop being an owner.");
    }
    await tx.update(member).set({ role: o.role }).where(eq(member.id, row.id));
    await auditRole(tx, {
      teamId: row.organizationId,
      userId: row.userId,
      from,
      to: o.role,
      by: o.personId,
      now,
    });
  });
  return readTeam(o.db, o.personId, now);
}

/** The role audit of the caller's team, newest first: owners and admins only. */
export async function listRoleChanges(o: {
  db: Db;
  entitlements: Gate;
  personId: string;
  clock: () => Date;
}): Promise<RoleChangesResponse> {
  await requireTeamFeature(o.entitlements, o.personId);
  const [first] = await liveMemberships(o.db, o.personId, o.clock());
  if (!first) throw new AppError("NOT_FOUND", "Team not found.");
  await requireTeamAction(o.db, first.org.id, o.personId, "team.roles.audit");
  const rows = await o.db
    .select()
    .from(teamRoleChanges)
    .where(eq(teamRoleChanges.teamId, first.org.id))
    .orderBy(sql`${teamRoleChanges.createdAt} desc`, sql`${teamRoleChanges.id} desc`)
    .limit(200);
  const role = (r: string | null) => (r && isTeamRole(r) ? r : null);
  return {
    changes: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      name: r.userName,
      fromRole: role(r.fromRole),
      toRole: role(r.toRole),
      changedById: r.changedBy,
      changedByName: r.changedByName,
      changedAt: r.createdAt.toISOString(),
    })),
  };
}
