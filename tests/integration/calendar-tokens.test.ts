// Calendar OAuth tokens at rest: what the database holds is sealed, only the owner's connection
// opens it, and a value moved to another row or column does not open.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { calendarConnections } from "#server/db/schema/calendar.ts";
import {
  readConnectionTokens,
  saveConnectionTokens,
} from "#server/modules/calendar-integrations/connection-tokens.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
const db = () => server.testDb.database.db;
const box = () => server.kairo.deps.secretBox;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function personWithConnection(email?: string) {
  const p = await createVerifiedUser(server, email ? { email } : {});
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, p.email));
  const [connection] = await db()
    .insert(calendarConnections)
    .values({ userId: row!.id, provider: "google", calendarEmail: p.email, calendarName: "Work" })
    .returning();
  return { userId: row!.id, connectionId: connection!.id };
}

const ACCESS = "ya29.a0AfH6SMB-access-token-value";
const REFRESH = "1//0g-refresh-token-value";
const expiresAt = new Date("2030-01-01T10:00:00Z");

describe("calendar connection tokens", () => {
  it("are sealed in the database and open for the owner", async () => {
    const a = await personWithConnection();
    expect(
      await saveConnectionTokens(db(), box(), a.userId, a.connectionId, {
        accessToken: ACCESS,
        refreshToken: REFRESH,
        expiresAt,
      }),
    ).toBe(true);

    const [stored] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, a.connectionId));
    expect(stored!.accessToken).toMatch(/^v1\./);
    expect(stored!.refreshToken).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(ACCESS);
    expect(JSON.stringify(stored)).not.toContain(REFRESH);
    expect(stored!.tokenExpiresAt?.toISOString()).toBe(expiresAt.toISOString());

    expect(await readConnectionTokens(db(), box(), a.userId, a.connectionId)).toEqual({
      accessToken: ACCESS,
      refreshToken: REFRESH,
      expiresAt,
    });
  });

  it("a refresh without a new refresh token keeps the stored one", async () => {
    const a = await personWithConnection();
    await saveConnectionTokens(db(), box(), a.userId, a.connectionId, {
      accessToken: "first",
      refreshToken: REFRESH,
      expiresAt,
    });
    await saveConnectionTokens(db(), box(), a.userId, a.connectionId, {
      accessToken: "second",
      refreshToken: null,
      expiresAt,
    });
    expect(await readConnectionTokens(db(), box(), a.userId, a.connectionId)).toMatchObject({
      accessToken: "second",
      refreshToken: REFRESH,
    });
  });

  it("another person can neither write nor read them", async () => {
    const a = await personWithConnection();
    const b = await personWithConnection();
    await saveConnectionTokens(db(), box(), a.userId, a.connectionId, {
      accessToken: ACCESS,
      refreshToken: REFRESH,
      expiresAt,
    });
    expect(await readConnectionTokens(db(), box(), b.userId, a.connectionId)).toBeNull();
    expect(
      await saveConnectionTokens(db(), box(), b.userId, a.connectionId, {
        accessToken: "stolen",
        refreshToken: null,
        expiresAt,
      }),
    ).toBe(false);
    expect((await readConnectionTokens(db(), box(), a.userId, a.connectionId))?.accessToken).toBe(ACCESS);
  });

  it("a sealed value moved to another connection or column does not open", async () => {
    const a = await personWithConnection();
    await saveConnectionTokens(db(), box(), a.userId, a.connectionId, {
      accessToken: ACCESS,
      refreshToken: REFRESH,
      expiresAt,
    });
    const other = await db()
      .insert(calendarConnections)
      .values({ userId: a.userId, provider: "microsoft", calendarEmail: "second@example.com" })
      .returning();
    const [stored] = await db()
      .select()
      .from(calendarConnections)
      .where(eq(calendarConnections.id, a.connectionId));
    await db()
      .update(calendarConnections)
      .set({ accessToken: stored!.accessToken })
      .where(eq(calendarConnections.id, other[0]!.id));
    expect(await readConnectionTokens(db(), box(), a.userId, other[0]!.id)).toBeNull();

    await db()
      .update(calendarConnections)
      .set({ accessToken: stored!.refreshToken })
      .where(eq(calendarConnections.id, a.connectionId));
    expect(await readConnectionTokens(db(), box(), a.userId, a.connectionId)).toBeNull();
  });

  it("a connection with no token gives null (the sync says No access token found)", async () => {
    const a = await personWithConnection();
    expect(await readConnectionTokens(db(), box(), a.userId, a.connectionId)).toBeNull();
  });
});
