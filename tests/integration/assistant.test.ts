// The productivity assistant (spec: productivity-assistant function): POST /api/assistant with the
// action suggest-break-activity answers { suggestion }, a varied, non-empty break idea, to any
// signed-in person (the Pomodoro is free), at most 30 times an hour each.
import { describe, expect, it } from "vitest";
import type { AssistantResponse } from "#shared/contracts/tasks.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { expectError, testServerForFile } from "../support/integration.ts";
import { TestClient } from "../support/test-client.ts";

const { server } = testServerForFile();

const ask = (client: TestClient, body: unknown) => client.post<AssistantResponse>("/api/assistant", body);
const valid = (data: Record<string, unknown> = {}) => ({
  action: "suggest-break-activity",
  data: { breakDuration: 5, energyLevel: 7, timeOfDay: "morning", previousActivity: "Deep work", ...data },
});

describe("POST /api/assistant suggest-break-activity", () => {
  it("answers a non-empty suggestion that mentions the break length", async () => {
    const { client } = await createVerifiedUser(server);
    for (const breakDuration of [5, 10, 15, 20]) {
      const res = await ask(client, valid({ breakDuration }));
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["suggestion"]);
      expect(typeof res.body.suggestion).toBe("string");
      expect(res.body.suggestion.trim().length).toBeGreaterThan(20);
      expect(res.body.suggestion).toMatch(new RegExp(`\\b${breakDuration}[- ]minute`));
    }
  });

  it("works for every time of day and energy level, without previousActivity", async () => {
    const { client } = await createVerifiedUser(server);
    for (const timeOfDay of ["morning", "afternoon", "evening"]) {
      for (const energyLevel of [1, 5, 10]) {
        const res = await ask(client, {
          action: "suggest-break-activity",
          data: { breakDuration: 10, energyLevel, timeOfDay },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.suggestion).toMatch(/10-minute/);
      }
    }
  });

  it("varies: 20 calls give at least 3 distinct suggestions", async () => {
    const { client } = await createVerifiedUser(server);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await ask(client, valid());
      expect(res.status).toBe(200);
      seen.add(res.body.suggestion);
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
  });

  it("never repeats the previous activity it is told about", async () => {
    const { client } = await createVerifiedUser(server);
    const first = await ask(client, valid({ breakDuration: 1, energyLevel: 7 }));
    const previous = first.body.suggestion.replace(/^\d+-minute break: /, "");
    for (let i = 0; i < 15; i++) {
      const res = await ask(client, valid({ breakDuration: 1, energyLevel: 7, previousActivity: previous }));
      expect(res.status).toBe(200);
      expect(res.body.suggestion).not.toContain(previous);
    }
  });

  it("takes 30 calls an hour per person, then answers 429 with Retry-After; others are not held", async () => {
    const { client } = await createVerifiedUser(server);
    // A fixed clock in the middle of an hour's window: 15 minutes of it are left.
    server.clock.set("2026-11-20T10:45:00.000Z");
    for (let i = 0; i < 30; i++) expect((await ask(client, valid())).status).toBe(200);
    const limited = await ask(client, valid());
    expectError(limited, 429, /a lot of break suggestions for one hour/);
    expect((limited.body as unknown as ErrorBody).error.code).toBe("RATE_LIMITED");
    expect(limited.headers.get("retry-after")).toBe("900");
    expect(limited.body).not.toHaveProperty("suggestion");
    const other = await createVerifiedUser(server);
    expect((await ask(other.client, valid())).status).toBe(200);
    server.clock.set("2026-11-20T11:00:00.000Z");
    expect((await ask(client, valid())).status).toBe(200);
  });

  const bad: Array<[string, unknown]> = [
    ["an unknown action", { ...valid(), action: "write-my-essay" }],
    ["no action", { data: valid().data }],
    ["no data", { action: "suggest-break-activity" }],
    ["energyLevel 11", valid({ energyLevel: 11 })],
    ["energyLevel 0", valid({ energyLevel: 0 })],
    ["energyLevel 7.5", valid({ energyLevel: 7.5 })],
    ['timeOfDay "noon"', valid({ timeOfDay: "noon" })],
    ["breakDuration 0", valid({ breakDuration: 0 })],
    ["breakDuration 61", valid({ breakDuration: 61 })],
    ['breakDuration "5"', valid({ breakDuration: "5" })],
    ["previousActivity of 201 characters", valid({ previousActivity: "p".repeat(201) })],
    ["an unknown data field", valid({ mood: "tired" })],
    ["an unknown top-level field", { ...valid(), model: "gpt" }],
    ["an array body", [valid()]],
  ];
  for (const [name, body] of bad) {
    it(`refuses ${name} with 400`, async () => {
      const { client } = await createVerifiedUser(server);
      const res = await ask(client, body);
      expectError(res, 400);
      expect((res.body as unknown as ErrorBody).error.code).toBe("VALIDATION");
      expect(res.body).not.toHaveProperty("suggestion");
    });
  }

  it("names the problem: unknown action, energy level, time of day", async () => {
    const { client } = await createVerifiedUser(server);
    expectError(
      await ask(client, { ...valid(), action: "write-my-essay" }),
      400,
      /unknown assistant action/i,
    );
    const energy = await ask(client, valid({ energyLevel: 11 }));
    expect(Object.keys((energy.body as unknown as ErrorBody).error.fields ?? {})).toEqual([
      "data.energyLevel",
    ]);
    const time = await ask(client, valid({ timeOfDay: "noon" }));
    expect(Object.keys((time.body as unknown as ErrorBody).error.fields ?? {})).toEqual(["data.timeOfDay"]);
  });

  it("refuses malformed JSON with 400", async () => {
    const { client } = await createVerifiedUser(server);
    const res = await client.request("POST", "/api/assistant", { body: '{"action": ' });
    expectError(res, 400, /not valid JSON/i);
  });

  it("answers 401 when signed out", async () => {
    const res = await ask(new TestClient(server.baseUrl), valid());
    expectError(res, 401);
    expect((res.body as unknown as ErrorBody).error.code).toBe("UNAUTHENTICATED");
    expect(res.body).not.toHaveProperty("suggestion");
  });
});
