// The set-up most HTTP integration files share, written once: one test server for the file
// (started before its tests, closed after them, its clock put back after each test), the database
// it runs on, and a signed-in person with their id.
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { Me } from "#shared/contracts/auth.ts";
import { createVerifiedUser } from "./factories.ts";
import type { TestClient } from "./test-client.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

export type SignedInPerson = { client: TestClient; id: string };

export function testServerForFile(env: Record<string, string> = {}) {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(env);
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
    /** A new verified, signed-in person, with the id the API knows them by. */
    async person(): Promise<SignedInPerson> {
      const { client } = await createVerifiedUser(server);
      const me = await client.get<Me>("/api/me");
      expect(me.status).toBe(200);
      return { client, id: me.body.id };
    },
  };
}
