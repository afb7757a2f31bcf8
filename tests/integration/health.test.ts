import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../support/test-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("GET /api/health", () => {
  it("answers status, database kind and version", async () => {
    const res = await new TestClient(server.baseUrl).get<{
      status: string;
      database: string;
      version: string;
    }>("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      database: process.env.KAIRO_TEST_DB === "postgres" ? "postgres" : "pglite",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("answers an unknown API route with a JSON 404", async () => {
    const res = await new TestClient(server.baseUrl).get<{ error: { code: string } }>("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
  });
});
