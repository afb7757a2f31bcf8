// The set-up most HTTP integration files share, written once: one test server for the file
// (started before its tests, closed after them, its clock put back after each test), the database
// it runs on, a signed-out client, a signed-in person with their id, and the error answer's check.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Me } from "#shared/contracts/auth.ts";
import type { ErrorBody } from "#shared/errors/app-error.ts";
import { createVerifiedUser } from "./factories.ts";
import { TestClient, type TestResponse } from "./test-client.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export type SignedInPerson = { client: TestClient; id: string };

/**
 * `env` is read when the server starts (in beforeAll), so a function may name what an earlier
 * beforeAll started (a fake provider's address, say); hooks run in the order they are registered.
 */
export function testServerForFile(env: Record<string, string> | (() => Record<string, string>) = {}) {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(typeof env === "function" ? env() : env);
  });
  afterAll(() => current?.close());
  afterEach(() => current?.clock.reset());
  /** The file's server; read inside tests and hooks (it starts in beforeAll). */
  const server = new Proxy({} as TestServer, {
    get(_target, key) {
      if (!current) throw new Error("The test server has not started yet: read it inside a test or hook.");
      return Reflect.get(current, key, current);
    },
  });
  return {
    server,
    db: () => server.testDb.database.db,
    /** A new client with no session, as a visitor's browser. */
    client: () => new TestClient(server.baseUrl),
    /** A new verified, signed-in person, with the id the API knows them by (and their sign-up data). */
    async person() {
      const created = await createVerifiedUser(server);
      const me = await created.client.get<Me>("/api/me");
      expect(me.status).toBe(200);
      return { ...created, id: me.body.id } satisfies SignedInPerson;
    },
  };
}

/** The answer is an error with this status and a readable message (matching `message` if given). */
export function expectError(res: TestResponse, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as ErrorBody;
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(3);
  if (message) expect(body.error.message).toMatch(message);
}
