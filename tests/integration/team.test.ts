// Team seats: buying Team makes the buyer's team with the seats paid for; the owner invites people
// by email up to that count, the invited person accepts (and is on Team from then on), the owner
// revokes invitations and removes members, and the seat count cannot drop below what is in use.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitation, member } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { inviteMember } from "#server/modules/team/team.ts";
import type { InvitationPreview, TeamResponse } from "#shared/contracts/team.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { buyPlan, createVerifiedUser, userData } from "../support/factories.ts";
import { testServerForFile } from "../support/integration.ts";
import type { TestClient } from "../support/test-client.ts";

const DAY = 86_400_000;

const { server, db } = testServerForFile();

async function teamOwner(seats: number) {
  const owner = await createVerifiedUser(server, { name: "Olivia Owner" });
  await buyPlan(server, owner.client, "team", seats);
  return owner;
}

async function team(client: TestClient) {
  const res = await client.get<TeamResponse>("/api/team");
  expect(res.status).toBe(200);
  return res.body.team;
}

async function plan(client: TestClient) {
  return (await client.get<{ plan: string; label: string }>("/api/subscription")).body;
}

function invitationLink(to: string): string {
  const mail = server.outbox.list().find((m) => m.to === to && /invited/i.test(m.subject));
  if (!mail) throw new Error(`no invitation email for ${to}`);
  const link = mail.text.match(/https?:\/\/\S+\/team\/invite\/[0-9a-f-]{36}/)?.[0];
  if (!link) throw new Error("no accept link in the invitation email");
  return link;
}

const invitationIdOf = (link: string) => link.split("/").pop()!;

async function invitationRows(organizationId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(invitation)
    .where(eq(invitation.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

async function memberRows(organizationId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(member)
    .where(eq(member.organizationId, organizationId));
  return Number(row?.n ?? 0);
}

describe("team seats on the local provider", () => {
  it("buys a team of 3, fills it with invitations, and lets the invited person in", async () => {
    const owner = await teamOwner(3);
    const start = await team(owner.client);
    expect(start).toMatchObject({ seats: 3, seatsUsed: 1, isOwner: true, invitations: [] });
    expect(start!.members).toEqual([
      expect.objectContaining({ name: "Olivia Owner", email: owner.email, role: "owner" }),
    ]);
    const orgId = start!.id;

    // Two invitations take the two free seats, and each goes out by email with an accept link.
    const alex = userData({ name: "Alex Member" });
    const blair = userData({ name: "Blair Member" });
    for (const person of [alex, blair]) {
      const res = await owner.client.post<TeamResponse>("/api/team/invitations", { email: person.email });
      expect(res.status).toBe(201);
      expect(invitationLink(person.email)).toMatch(new RegExp(`^${server.baseUrl}/team/invite/`));
    }
    const full = await team(owner.client);
    expect(full).toMatchObject({ seats: 3, seatsUsed: 3 });
    expect(full!.invitations.map((i) => i.email).sort()).toEqual([alex.email, blair.email].sort());

    // A third is refused with the seat message, and nothing is written or sent.
    const mailsBefore = server.outbox.list().length;
    const third = await owner.client.post<ErrorBody>("/api/team/invitations", { email: "third@example.com" });
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe(
      "All 3 seats are taken. Add seats in the billing portal to invite more people.",
    );
    expect(await invitationRows(orgId)).toBe(2);
    expect(server.outbox.list().length).toBe(mailsBefore);

    // The same address twice is refused too (case does not matter).
    const again = await owner.client.post<ErrorBody>("/api/team/invitations", {
      email: alex.email.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`${alex.email} already has a pending invitation.`);

    // Alex signs up with the invited address, opens the link and accepts: Alex is on Team now.
    const a = await createVerifiedUser(server, alex);
    const alexInvite = invitationIdOf(invitationLink(alex.email));
    const preview = await a.client.get<InvitationPreview>(`/api/team/invitations/${alexInvite}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      teamName: "Olivia's team",
      inviterName: "Olivia Owner",
      status: "pending",
      alreadyMember: false,
    });
    expect(await plan(a.client)).toMatchObject({ plan: "trial" });
    const accepted = await a.client.post<TeamResponse>(`/api/team/invitations/${alexInvite}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.team).toMatchObject({ id: orgId, isOwner: false, seats: 3, invitations: [] });
    expect(await plan(a.client)).toMatchObject({ plan: "team", label: "Team" });
    // Accepting twice changes nothing.
    expect((await a.client.post(`/api/team/invitations/${alexInvite}/accept`)).status).toBe(200);
    expect(await memberRows(orgId)).toBe(2);

    const owned = await team(owner.client);
    expect(owned!.members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [alex.email, "member"],
    ]);
    expect(owned!.invitations.map((i) => i.email)).toEqual([blair.email]);

    // A member sees the team but cannot manage it, and cannot invite an existing member.
    const asMember = await team(a.client);
    expect(asMember!.members).toHaveLength(2);
    const memberInvite = await a.client.post<ErrorBody>("/api/team/invitations", { email: "x@example.com" });
    expect(memberInvite.status).toBe(403);
    expect(memberInvite.body.error.code).toBe("FORBIDDEN");
  });

  it("refuses an invitation accepted by someone signed in with another address", async () => {
    const owner = await teamOwner(3);
    const invited = userData();
    await owner.client.post("/api/team/invitations", { email: invited.email });
    const id = invitationIdOf(invitationLink(invited.email));
    const orgId = (await team(owner.client))!.id;

    const stranger = await createVerifiedUser(server);
    const peek = await stranger.client.get<ErrorBody>(`/api/team/invitations/${id}`);
    expect(peek.status).toBe(403);
    const res = await stranger.client.post<ErrorBody>(`/api/team/invitations/${id}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      "This invitation was sent to a different email address. Sign in with that address to accept it.",
    );
    expect(await memberRows(orgId)).toBe(1);
    expect(await plan(stranger.client)).toMatchObject({ plan: "trial" });
    // An unknown or malformed id is simply not found.
    expect((await stranger.client.post("/api/team/invitations/not-an-id/accept")).status).toBe(404);
    expect(
      (await stranger.client.post("/api/team/invitations/00000000-0000-4000-8000-000000000000/accept"))
        .status,
    ).toBe(404);
  });

  it("removes a member, who loses Team at once; the owner stays; seats cannot drop below use", async () => {
    const owner = await teamOwner(3);
    const m = userData();
    const pendingPerson = userData();
    await owner.client.post("/api/team/invitations", { email: m.email });
    await owner.client.post("/api/team/invitations", { email: pendingPerson.email });
    const joined = await createVerifiedUser(server, m);
    await joined.client.post(`/api/team/invitations/${invitationIdOf(invitationLink(m.email))}/accept`);
    expect(await plan(joined.client)).toMatchObject({ plan: "team" });
    const before = (await team(owner.client))!;
    expect(before.seatsUsed).toBe(3);

    // Lowering the seats below the members and pending invitations is refused, and changes nothing.
    const lower = await owner.client.post<ErrorBody>("/api/billing/local/subscription", {
      action: "change_seats",
      seats: 2,
    });
    expect(lower.status).toBe(409);
    expect(lower.body.error.message).toBe(
      "Your team has 2 members and 1 pending invitation. Remove members or revoke invitations before lowering the seats to 2.",
    );
    const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.organizationId, before.id));
    expect(sub?.seats).toBe(3);

    // The owner cannot be removed.
    const ownerRow = before.members.find((x) => x.role === "owner")!;
    const self = await owner.client.delete<ErrorBody>(`/api/team/members/${ownerRow.id}`);
    expect(self.status).toBe(409);
    expect(self.body.error.message).toBe("The team owner cannot be removed.");

    // Removing the member ends their Team access with their next request.
    const memberRow = before.members.find((x) => x.email === m.email)!;
    const removed = await owner.client.delete<TeamResponse>(`/api/team/members/${memberRow.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.team!.members.map((x) => x.email)).toEqual([owner.email]);
    expect(await plan(joined.client)).toMatchObject({ plan: "trial", label: "Trial" });
    const gone = await joined.client.get<ErrorBody>("/api/team");
    expect(gone.status).toBe(403);
    expect(gone.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "team" });
    expect((await owner.client.delete(`/api/team/members/${memberRow.id}`)).status).toBe(404);

    // Revoking the pending invitation frees its seat; the link no longer works.
    const pendingId = removed.body.team!.invitations[0]!.id;
    const revoked = await owner.client.delete<TeamResponse>(`/api/team/invitations/${pendingId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.team).toMatchObject({ seatsUsed: 1, invitations: [] });
    const late = await createVerifiedUser(server, pendingPerson);
    const tooLate = await late.client.post<ErrorBody>(`/api/team/invitations/${pendingId}/accept`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.error.message).toBe("This invitation was withdrawn by the team owner.");

    // Now the seats can go down, and the new count is the new limit.
    const ok = await owner.client.post("/api/billing/local/subscription", {
      action: "change_seats",
      seats: 2,
    });
    expect(ok.status).toBe(200);
    expect(await team(owner.client)).toMatchObject({ seats: 2, seatsUsed: 1 });
    expect((await owner.client.post("/api/team/invitations", { email: "one@example.com" })).status).toBe(201);
    const over = await owner.client.post<ErrorBody>("/api/team/invitations", { email: "two@example.com" });
    expect(over.body.error.message).toBe(
      "All 2 seats are taken. Add seats in the billing portal to invite more people.",
    );
    // And up again: the limit follows.
    await owner.client.post("/api/billing/local/subscription", { action: "change_seats", seats: 3 });
    expect((await owner.client.post("/api/team/invitations", { email: "two@example.com" })).status).toBe(201);
  });

  it("gives the last seat to exactly one of several simultaneous invitations", async () => {
    const owner = await teamOwner(2);
    const orgId = (await team(owner.client))!.id;
    const ownerId = (await owner.client.get<{ id: string }>("/api/me")).body.id;
    // Over HTTP, as the owner's browser would send them...
    const overHttp = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        owner.client.post<ErrorBody>("/api/team/invitations", { email: `race-${n}-${orgId}@example.com` }),
      ),
    );
    expect(overHttp.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await invitationRows(orgId)).toBe(1);

    // ...and straight into the use case, where nothing else spaces them out: seats 3 leave one free.
    await db().update(subscriptions).set({ seats: 3 }).where(eq(subscriptions.organizationId, orgId));
    const deps = {
      db: db(),
      mailer: server.outbox,
      logger: server.kairo.deps.logger,
      publicUrl: server.baseUrl,
      entitlements: server.kairo.deps.entitlements,
      owner: { id: ownerId, name: "Olivia Owner" },
      clock: () => new Date(),
    };
    const direct = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) =>
        inviteMember({ ...deps, email: `direct-${n}-${orgId}@example.com` }),
      ),
    );
    expect(direct.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of direct) {
      if (r.status === "rejected") expect(String(r.reason)).toMatch(/All 3 seats are taken/);
    }
    expect(await invitationRows(orgId)).toBe(2);
  });

  it("lets only one of two invited people take the last seat when the seats were lowered meanwhile", async () => {
    // Seats can also drop through the payment provider (Stripe's portal): an accepted invitation
    // must still find a free seat.
    const owner = await teamOwner(3);
    const orgId = (await team(owner.client))!.id;
    const p1 = userData();
    const p2 = userData();
    await owner.client.post("/api/team/invitations", { email: p1.email });
    await owner.client.post("/api/team/invitations", { email: p2.email });
    await db().update(subscriptions).set({ seats: 2 }).where(eq(subscriptions.organizationId, orgId));
    const [c1, c2] = await Promise.all([createVerifiedUser(server, p1), createVerifiedUser(server, p2)]);
    const results = await Promise.all([
      c1.client.post<ErrorBody>(`/api/team/invitations/${invitationIdOf(invitationLink(p1.email))}/accept`),
      c2.client.post<ErrorBody>(`/api/team/invitations/${invitationIdOf(invitationLink(p2.email))}/accept`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(
      "All 2 seats of this team are taken. Ask the team owner to add seats.",
    );
    expect(await memberRows(orgId)).toBe(2);
  });

  it("takes an invitation back when its email cannot be sent, so it holds no seat", async () => {
    const owner = await teamOwner(2);
    const orgId = (await team(owner.client))!.id;
    const send = server.outbox.send;
    (server.outbox as { send: typeof send }).send = async () => {
      throw new Error("SMTP down");
    };
    try {
      const res = await owner.client.post<ErrorBody>("/api/team/invitations", { email: "lost@example.com" });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe("The invitation email could not be sent. Please try again.");
    } finally {
      (server.outbox as { send: typeof send }).send = send;
    }
    expect(await invitationRows(orgId)).toBe(0);
    expect((await owner.client.post("/api/team/invitations", { email: "lost@example.com" })).status).toBe(
      201,
    );
  });

  it("expires invitations after 7 days", async () => {
    const owner = await teamOwner(2);
    const p = userData();
    await owner.client.post("/api/team/invitations", { email: p.email });
    const id = invitationIdOf(invitationLink(p.email));
    const person = await createVerifiedUser(server, p);
    server.clock.set(new Date(Date.now() + 8 * DAY));
    const preview = await person.client.get<InvitationPreview>(`/api/team/invitations/${id}`);
    expect(preview.body.status).toBe("expired");
    const res = await person.client.post<ErrorBody>(`/api/team/invitations/${id}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("This invitation has expired. Ask the team owner to send a new one.");
    // The expired invitation no longer holds a seat.
    expect(await team(owner.client)).toMatchObject({ seatsUsed: 1, invitations: [] });
  });
});

describe("who may use the team calls", () => {
  it("refuses a person on the free plan with 403 PLAN_REQUIRED naming Team", async () => {
    const { client } = await createVerifiedUser(server);
    server.clock.set(new Date(Date.now() + 8 * DAY));
    const calls = [
      client.get<ErrorBody>("/api/team"),
      client.post<ErrorBody>("/api/team/invitations", { email: "a@example.com" }),
      client.delete<ErrorBody>("/api/team/invitations/00000000-0000-4000-8000-000000000000"),
      client.delete<ErrorBody>("/api/team/members/00000000-0000-4000-8000-000000000000"),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: "PLAN_REQUIRED",
        message: "Team Collaboration is part of the Team plan. Upgrade to Team to use it.",
        requiredPlan: "team",
      });
    }
  });

  it("refuses Pro too: team collaboration is a Team feature", async () => {
    const { client } = await createVerifiedUser(server);
    expect(await plan(client)).toMatchObject({ plan: "trial" });
    expect((await client.get<ErrorBody>("/api/team")).status).toBe(403);
  });

  it("lets a demo preview read the (absent) team but not invite without a Team plan", async () => {
    const { client } = await createVerifiedUser(server);
    expect((await client.post("/api/demo")).status).toBe(201);
    expect(await team(client)).toBeNull();
    const res = await client.post<ErrorBody>("/api/team/invitations", { email: "a@example.com" });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: "team" });
  });

  it("refuses a bad email with a readable 400 and writes nothing", async () => {
    const owner = await teamOwner(3);
    const orgId = (await team(owner.client))!.id;
    for (const body of [
      { email: "not-an-email" },
      {},
      { email: 42 },
      { email: "a@example.com", role: "owner" },
    ]) {
      const res = await owner.client.post<ErrorBody>("/api/team/invitations", body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION");
      expect(res.body.error.message).not.toMatch(/invalid input/i);
    }
    expect(await invitationRows(orgId)).toBe(0);
  });

  it("keeps Better Auth's own organization endpoints closed, so no one skips the seat limit", async () => {
    const owner = await teamOwner(2);
    const orgId = (await team(owner.client))!.id;
    for (const path of [
      "invite-member",
      "create",
      "accept-invitation",
      "remove-member",
      "update-member-role",
    ]) {
      const res = await owner.client.post(`/api/auth/organization/${path}`, {
        organizationId: orgId,
        email: "sneaky@example.com",
        role: "member",
        name: "x",
        slug: `x-${Date.now()}`,
      });
      expect(res.status).toBe(404);
    }
    expect((await owner.client.get("/api/auth/organization/list")).status).toBe(404);
    const [rows] = await db()
      .select({ n: count() })
      .from(invitation)
      .where(and(eq(invitation.organizationId, orgId), eq(invitation.email, "sneaky@example.com")));
    expect(Number(rows?.n)).toBe(0);
  });
});
