import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "../support/factories.ts";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("GET /api/subscription", () => {
  it("starts every new account on a 7-day trial", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.get<{ plan: string; label: string; trialDaysLeft: number; trialEndsAt: string }>(
      "/api/subscription",
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ plan: "trial", label: "Trial", trialDaysLeft: 7, trialExpired: false });
    const days = (new Date(res.body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("starts the trial on the server's clock, so moved time moves the trial with it", async () => {
    // Signed up on a clock 3 days ahead: the trial ends 7 days after that moment, not after now.
    const signedUpAt = new Date(Date.now() + 3 * 86_400_000);
    server.clock.set(signedUpAt);
    try {
      const { client } = await createVerifiedUser(server);
      const res = await client.get<{ trialEndsAt: string; trialDaysLeft: number }>("/api/subscription");
      expect(res.body.trialEndsAt).toBe(new Date(signedUpAt.getTime() + 7 * 86_400_000).toISOString());
      expect(res.body.trialDaysLeft).toBe(7);
    } finally {
      server.clock.reset();
    }
  });

  it("falls back to free when the trial is over", async () => {
    const { client } = await createVerifiedUser(server);
    server.clock.set(new Date(Date.now() + 8 * 86_400_000));
    try {
      const res = await client.get("/api/subscription");
      expect(res.body).toMatchObject({
        plan: "free",
        label: "Free",
        trialDaysLeft: null,
        trialExpired: true,
      });
    } finally {
      server.clock.reset();
    }
  });

  it("needs a signed-in person", async () => {
    const res = await new TestClient(server.baseUrl).get("/api/subscription");
    expect(res.status).toBe(401);
  });
});
