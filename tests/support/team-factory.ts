// A Team plan team for tests: the owner buys it through the local provider and every member accepts
// an invitation, as people do in the app.
import type { TeamResponse } from "#shared/contracts/team.ts";
import { createVerifiedUser, userData } from "./factories.ts";
import type { TestClient } from "./test-client.ts";

type Server = Parameters<typeof createVerifiedUser>[0];
export type Person = Awaited<ReturnType<typeof createVerifiedUser>>;

async function expectStatus<T>(res: Promise<{ status: number; body: T }>, status: number, what: string) {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Buys Team with `seats` seats: checkout, then Pay on the local test checkout. */
export async function buyTeam(server: Server, client: TestClient, seats: number) {
  const checkout = await expectStatus(
    client.post<{ url: string }>("/api/billing/checkout", {
      plan: "team",
      quantity: seats,
      billing: "monthly",
      successUrl: `${server.baseUrl}/dashboard?upgrade=success`,
      cancelUrl: `${server.baseUrl}/dashboard?upgrade=cancelled`,
    }),
    201,
    "checkout",
  );
  const id = new URL(checkout.url).pathname.split("/").pop();
  await expectStatus(client.post(`/api/billing/checkout-sessions/${id}/pay`), 200, "pay");
}

/** An owner with a live Team plan and `members` people who accepted their invitations. */
export async function createTeam(server: Server, members: number) {
  const owner = await createVerifiedUser(server, { name: "Olivia Owner" });
  await buyTeam(server, owner.client, Math.max(2, members + 1));
  const people: Person[] = [];
  for (let i = 0; i < members; i += 1) {
    const data = userData();
    await expectStatus(owner.client.post("/api/team/invitations", { email: data.email }), 201, "invite");
    const mail = server.outbox.list().find((m) => m.to === data.email && /invited/i.test(m.subject));
    const invitationId = mail?.text.match(/\/team\/invite\/([0-9a-f-]{36})/)?.[1];
    if (!invitationId) throw new Error(`no invitation for ${data.email}`);
    const person = await createVerifiedUser(server, data);
    await expectStatus(person.client.post(`/api/team/invitations/${invitationId}/accept`), 200, "accept");
    people.push(person);
  }
  const team = await expectStatus(owner.client.get<TeamResponse>("/api/team"), 200, "team");
  return { owner, members: people, team: team.team! };
}
