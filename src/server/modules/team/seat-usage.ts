// What counts against a team's seats: its members, and the invitations still waiting for an answer.
// Callers hold the owner's subscription row locked (FOR UPDATE) while they count and write, so two
// invitations (or an invitation and a seat change) cannot both take the last seat.

import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { invitation, member } from "../../db/schema/auth.ts";
import type { Tx } from "../../db/transaction.ts";

export type Conn = Db | Tx;

export type SeatUsage = { members: number; pending: number; used: number };

/** Members and pending, unexpired invitations of a team. */
export async function seatUsage(conn: Conn, organizationId: string, now: Date): Promise<SeatUsage> {
  const [members] = await conn
    .select({ n: count() })
    .from(member)
    .where(eq(member.organizationId, organizationId));
  const [pending] = await conn
    .select({ n: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
      ),
    );
  const m = Number(members?.n ?? 0);
  const p = Number(pending?.n ?? 0);
  return { members: m, pending: p, used: m + p };
}

/** The refusal of a seat count below what the team already uses (members must go first). */
export function seatReductionMessage(usage: SeatUsage, seats: number): string {
  const members = `${usage.members} ${usage.members === 1 ? "member" : "members"}`;
  const pending = usage.pending
    ? ` and ${usage.pending} pending ${usage.pending === 1 ? "invitation" : "invitations"}`
    : "";
  const what = usage.pending ? "Remove members or revoke invitations" : "Remove members";
  return `Your team has ${members}${pending}. ${what} before lowering the seats to ${seats}.`;
}
