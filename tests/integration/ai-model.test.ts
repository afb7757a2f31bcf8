// The OpenAI-compatible adapter against a local server speaking the chat-completions protocol: the
// request asks for strict structured output and carries only aggregates (task titles only when the
// person allowed it); a good answer is used; a 500, a hang past AI_TIMEOUT_MS, a malformed body, an
// answer off the schema and a 429 whose Retry-After is too long each fall back to the built-in text,
// and a 429 with a short Retry-After is retried.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InsightsResponse } from "#shared/contracts/ai-insights.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../support/fake-openai.ts";
import type { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let fake: FakeOpenAi;
let server: TestServer;
let person: TestClient;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: "sk-test-key",
    AI_MODEL: "kairo-test-model",
    AI_TIMEOUT_MS: "1500",
  });
  person = (await createVerifiedUser(server)).client;
  await person.post("/api/tasks", { title: "Secret project Falcon" });
});
beforeEach(() => {
  fake.calls.length = 0;
  fake.mode = { kind: "answer" };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const refresh = () => person.post<InsightsResponse>("/api/ai-insights/refresh", { tz: "UTC" });
const BUILTIN_START = "Over the last 30 days you completed";

describe("the OpenAI-compatible model", () => {
  it("writes the analysis, asked for strict json_schema output with only aggregates", async () => {
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(res.body.insightsSource).toBe("model");
    expect(res.body.insights).toBe(
      "From the fake model: 5-minute break: a analysis written from the figures you sent.",
    );
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.headers.authorization).toBe("Bearer sk-test-key");
    expect(call.body.model).toBe("kairo-test-model");
    expect(call.body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: {
        strict: true,
        schema: { type: "object", required: ["analysis"], additionalProperties: false },
      },
    });
    const sent = JSON.stringify(call.body.messages);
    expect(sent).toContain("completionRate");
    expect(sent).not.toContain("Secret project Falcon");
  });

  it("sends task titles only once the person turns sharing on", async () => {
    expect((await person.patch("/api/preferences", { privacy: { shareTaskTitles: true } })).status).toBe(200);
    try {
      await refresh();
      expect(JSON.stringify(fake.calls[0]?.body.messages)).toContain("Secret project Falcon");
    } finally {
      await person.patch("/api/preferences", { privacy: { shareTaskTitles: false } });
    }
  });

  it.each([
    ["a 500", { kind: "status", status: 500 } as const],
    ["a hang past the timeout", { kind: "hang" } as const],
    ["a malformed body", { kind: "malformed-body" } as const],
    ["content that is not JSON", { kind: "raw-content", content: "Sure! Here is your analysis" } as const],
    [
      "extra fields",
      {
        kind: "answer",
        content: (f: string) => ({ [f]: "A long enough analysis text here.", mood: "happy" }),
      } as const,
    ],
    [
      "a 429 with a long Retry-After",
      { kind: "rate-limit", retryAfter: "60", afterwards: { kind: "answer" } } as const,
    ],
  ])("falls back to the built-in text on %s", async (_label, mode) => {
    fake.mode = mode;
    const started = Date.now();
    const res = await refresh();
    expect(res.status).toBe(200);
    expect(res.body.insightsSource).toBe("builtin");
    expect(res.body.insights.startsWith(BUILTIN_START)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("retries once after a 429 with a short Retry-After", async () => {
    fake.mode = { kind: "rate-limit", retryAfter: "0", afterwards: { kind: "answer" } };
    const res = await refresh();
    expect(res.body.insightsSource).toBe("model");
    expect(fake.calls).toHaveLength(2);
  });

  it("answers the Pomodoro break suggestion, and falls back on an error", async () => {
    const body = {
      action: "suggest-break-activity",
      data: { breakDuration: 5, energyLevel: 7, timeOfDay: "afternoon", previousActivity: "Deep work" },
    };
    const good = await person.post<{ suggestion: string }>("/api/assistant", body);
    expect(good.body.suggestion).toMatch(/^From the fake model: 5-minute break/);
    expect(fake.calls[0]?.body.response_format).toMatchObject({ json_schema: { strict: true } });
    fake.mode = { kind: "status", status: 503 };
    const fallback = await person.post<{ suggestion: string }>("/api/assistant", body);
    expect(fallback.status).toBe(200);
    expect(fallback.body.suggestion).toMatch(/^5-minute break: /);
    expect(fallback.body.suggestion).not.toMatch(/fake model/);
  });
});
