// Test data with overrides, shared by every tier.
import { TestClient } from "./test-client.ts";
import type { TestServer } from "./test-server.ts";

let seq = 0;

export function userData(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  seq += 1;
  const id = `${Date.now().toString(36)}${seq}`;
  return {
    name: `Test Person ${seq}`,
    email: `person-${id}@example.com`,
    password: "correct-horse-42",
    ...overrides,
  };
}

/** The verification link of the newest email sent to `email`. */
export function verificationLink(server: TestServer, email: string): string {
  const mail = server.outbox.list().find((m) => m.to === email && /verify/i.test(m.subject));
  if (!mail) throw new Error(`no verification email for ${email}`);
  const match = mail.text.match(/https?:\/\/\S+verify-email\S+/);
  if (!match) throw new Error("no link in the verification email");
  return match[0];
}

export function resetLink(server: TestServer, email: string): string {
  const mail = server.outbox.list().find((m) => m.to === email && /reset/i.test(m.subject));
  if (!mail) throw new Error(`no reset email for ${email}`);
  const match = mail.text.match(/https?:\/\/\S+reset-password\S+/);
  if (!match) throw new Error("no link in the reset email");
  return match[0];
}

/** Signs up, follows the verification link and returns a signed-in client. */
export async function createVerifiedUser(server: TestServer, overrides: Parameters<typeof userData>[0] = {}) {
  const data = userData(overrides);
  const client = new TestClient(server.baseUrl);
  const res = await client.post("/api/auth/sign-up/email", { ...data, callbackURL: "/auth/callback" });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const link = verificationLink(server, data.email);
  const verified = await client.get(new URL(link).pathname + new URL(link).search);
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  return { client, ...data };
}

/** The body of POST /api/billing/checkout: one month of Pro, returning to the dashboard, unless overridden. */
export function checkoutBody(server: Pick<TestServer, "baseUrl">, overrides: Record<string, unknown> = {}) {
  return {
    plan: "pro",
    quantity: 1,
    billing: "monthly",
    successUrl: `${server.baseUrl}/dashboard?upgrade=success`,
    cancelUrl: `${server.baseUrl}/dashboard?upgrade=cancelled`,
    ...overrides,
  };
}

/** Buys a plan through the local test checkout and pays it (a paid month, unlike the 7-day trial). */
export async function buyPlan(server: TestServer, client: TestClient, plan: "pro" | "team", seats = 3) {
  const res = await client.post<{ url: string }>(
    "/api/billing/checkout",
    checkoutBody(server, { plan, quantity: plan === "team" ? seats : 1 }),
  );
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  const id = new URL(res.body.url).pathname.split("/").pop();
  const paid = await client.post(`/api/billing/checkout-sessions/${id}/pay`);
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status}`);
}
