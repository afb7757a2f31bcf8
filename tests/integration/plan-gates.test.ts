// The server side of the access gate, walked as every kind of person: each route that needs a plan
// feature answers free, trial, pro, team and demo exactly as the access rules say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyPlan, createVerifiedUser } from "../support/factories.ts";
import { RULES } from "../support/route-rules.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const gated = Object.entries(RULES).filter(([, rule]) => rule === "feature");
/** Gated on a Pro feature (voice commands, AI insights, workflow automation): open to a trial, Pro, Team and any demo preview. */
const PRO_ROUTES = new Set([
  "POST /api/workflows",
  "GET /api/workflow-templates",
  "GET /api/workflow-executions",
  "GET /api/workflow-executions/:id",
  "POST /api/voice/commands",
  "GET /api/ai-insights",
  "POST /api/ai-insights/refresh",
  "POST /api/ai-insights/recommendations/:id/apply",
  "POST /api/ai-insights/burnout/acknowledge",
  "GET /api/ai-insights/schedule",
  "POST /api/ai-insights/schedule/:id/postpone",
]);

describe("plan gates", () => {
  it("has gated routes to walk", () => {
    expect(gated.length).toBeGreaterThan(0);
  });

  // Every gated route walked as each kind of person. A demo preview grants the features for reading;
  // changing a team still needs the Team plan paid for (the seats), so its writes stay refused.
  // "free+demo": the trial is over and a demo preview runs, so the grant alone opens the gates.
  type Tier = "free" | "trial" | "pro" | "team" | "demo" | "free+demo";
  async function personOn(tier: Tier) {
    const { client } = await createVerifiedUser(server);
    // Free: the 7-day trial is over (paid plans run a month, a demo preview 30 minutes). For
    // free+demo the preview starts after the trial has ended, on the moved clock.
    if (tier === "free" || tier === "free+demo") server.clock.set(new Date(Date.now() + 8 * 86_400_000));
    if (tier === "pro" || tier === "team") await buyPlan(server, client, tier);
    if (tier === "demo" || tier === "free+demo") expect((await client.post("/api/demo")).status).toBe(201);
    return client;
  }
  /** The plan /api/subscription reports: a demo preview is not a plan. */
  const reported: Record<Tier, string> = {
    free: "free",
    trial: "trial",
    pro: "pro",
    team: "team",
    demo: "trial",
    "free+demo": "free",
  };
  const tiers: [Tier, (method: string) => boolean][] = [
    ["free", () => false],
    ["trial", () => false],
    ["pro", () => false],
    ["team", () => true],
    ["demo", (method) => method === "GET"],
    ["free+demo", (method) => method === "GET"],
  ];
  it.each(tiers)("walks every gated route as a person on %s", async (tier, allowed) => {
    try {
      const client = await personOn(tier);
      expect((await client.get<{ plan: string }>("/api/subscription")).body.plan).toBe(reported[tier]);
      for (const [route] of gated) {
        const [method, path] = route.split(" ") as [string, string];
        const concrete = path.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000");
        const res = await client.request<{ error?: { code: string; requiredPlan?: string } }>(
          method,
          concrete,
          {
            json: method === "GET" || method === "DELETE" ? undefined : { email: `walk-${tier}@example.com` },
          },
        );
        const pro = PRO_ROUTES.has(route);
        // A role change passes the feature gate for a demo preview (which opens Team's features) and
        // is then refused by the team's own permission table: a made-up member is not found, the
        // walk's body is no role (400). No demo person has a team whose roles they could change.
        const roleChange = route === "PATCH /api/team/members/:memberId";
        if (roleChange && tier !== "free" && tier !== "trial" && tier !== "pro") {
          expect([400, 404], `${tier} ${route}`).toContain(res.status);
        } else if (pro ? tier !== "free" : allowed(method)) {
          // Let through: answered by the route itself (a made-up id is simply not found, the walk's
          // body is not a voice command, a new account has no burnout alert to acknowledge).
          expect([200, 201, 204, 404, ...(pro ? [400, 409] : [])], `${tier} ${route}`).toContain(res.status);
        } else {
          expect(res.status, `${tier} ${route}`).toBe(403);
          expect(res.body.error).toMatchObject({ code: "PLAN_REQUIRED", requiredPlan: pro ? "pro" : "team" });
        }
      }
    } finally {
      server.clock.reset();
    }
  });
});
