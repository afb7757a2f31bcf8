// The embedded default keeps its data: Kairo started as `npm start` starts it (the real server
// process on PGlite in a data folder), stopped and started again, still knows the person, their
// session and their tasks. Runs once, in the PGlite project: PostgreSQL keeps data by nature.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startChildServer, stopChildServer } from "../support/child-server.ts";
import { TestClient } from "../support/test-client.ts";

const onPglite = (process.env.KAIRO_TEST_DB ?? "pglite") === "pglite";
const dataDir = mkdtempSync(join(tmpdir(), "kairo-restart-"));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  // The embedded default: no database, Redis or secret configured.
  const { DATABASE_URL, REDIS_URL, BETTER_AUTH_SECRET, ...inherited } = process.env;
  return startChildServer(port, {
    ...(inherited as Record<string, string>),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    KAIRO_DATA_DIR: dataDir,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
  });
}

const stop = (proc: ChildProcess) => stopChildServer(proc);

describe.runIf(onPglite)("the embedded database across a restart", () => {
  it("keeps the account, the session, the tasks and the generated secret", { timeout: 120_000 }, async () => {
    const port = await freePort();
    child = await start(port);
    const base = `http://127.0.0.1:${port}`;
    expect(existsSync(join(dataDir, "pglite"))).toBe(true);
    expect(existsSync(join(dataDir, "secret"))).toBe(true);

    const browser = new TestClient(base);
    const email = `restart-${Date.now()}@example.com`;
    const signUp = await browser.post("/api/auth/sign-up/email", {
      name: "Rae Restart",
      email,
      password: "correct-horse-42",
      callbackURL: "/auth/callback",
    });
    expect(signUp.status).toBe(200);
    const mail = (await browser.get<{ to: string; text: string }[]>("/api/dev/mail")).body.find(
      (m) => m.to === email,
    );
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect((await browser.get(link.pathname + link.search)).status).toBeLessThan(400);
    const created = await browser.post<{ id: string }>("/api/tasks", {
      title: "Survive a restart",
      estimatedMinutes: 30,
      category: "General",
    });
    expect(created.status).toBe(201);

    await stop(child);
    child = await start(port);

    // The same browser is still signed in: the session and the secret that signs it were kept.
    const session = await browser.get<{ user: { email: string } } | null>("/api/auth/get-session");
    expect(session.body?.user.email).toBe(email);
    const tasks = await browser.get<{ tasks: { id: string; title: string }[] }>("/api/tasks");
    expect(tasks.body.tasks.map((t) => [t.id, t.title])).toEqual([[created.body.id, "Survive a restart"]]);

    // And the password still signs in from a new browser.
    const other = new TestClient(base);
    const signIn = await other.post("/api/auth/sign-in/email", { email, password: "correct-horse-42" });
    expect(signIn.status).toBe(200);
  });
});
