// Kairo as its own process for the benches that need a real server beside them
// (bench/team-presence.ts, bench/workflow-latency.ts): `src/server/main.ts` started by the tests'
// helper with the benches' environment, and the sign-up, payment and API calls they make against it.
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { startChildServer, stopChildServer } from "../tests/support/child-server.ts";

const SECRET = "bench-secret-bench-secret-bench-secret-0123";

export type BenchServer = { child: ChildProcess; base: string; dataDir: string };

/** Starts Kairo on `port` (data in /tmp/kairo-bench-<name>-<port>) and waits until it answers. */
export async function startBenchServer(
  port: number,
  name: string,
  env: Record<string, string>,
): Promise<BenchServer> {
  const dataDir = `/tmp/kairo-bench-${name}-${port}`;
  const base = `http://127.0.0.1:${port}`;
  const child = await startChildServer(port, {
    PUBLIC_URL: base,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
    RATE_LIMIT_DISABLED: "true",
    BETTER_AUTH_SECRET: SECRET,
    KAIRO_DATA_DIR: dataDir,
    ...env,
  });
  return { child, base, dataDir };
}

export async function stopBenchServer(s: BenchServer) {
  await stopChildServer(s.child);
  rmSync(s.dataDir, { recursive: true, force: true });
}

/** An API call with the person's cookie from the app's own origin; throws on anything but 2xx. */
export async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The text of the first mail in the dev mailbox to `to` that matches `match`. */
export async function mailTo(base: string, to: string, match: RegExp): Promise<string> {
  const mails = (await (await fetch(`${base}/api/dev/mail`)).json()) as Array<{ to: string; text: string }>;
  const mail = mails.find((m) => m.to === to && match.test(m.text));
  if (!mail) throw new Error(`no mail to ${to} matching ${match}`);
  return mail.text;
}

let seq = 0;
/** A new person, signed up and verified through the mailed link: their email and session cookie. */
export async function signUp(base: string, prefix: string): Promise<{ email: string; cookie: string }> {
  seq += 1;
  const email = `${prefix}-${Date.now().toString(36)}-${seq}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: `Bench ${seq}`, email, password: "bench-password-1", callbackURL: "/" }),
  });
  if (!res.ok) throw new Error(`sign-up ${res.status}`);
  const link = (await mailTo(base, email, /https?:\/\//)).match(/https?:\/\/\S+/)![0];
  const verified = await fetch(link, { redirect: "manual" });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { email, cookie };
}

/** Buys `plan` (Team with `seats` seats) through the local test checkout's Pay button. */
export async function buyPlan(base: string, cookie: string, plan: "pro" | "team", seats?: number) {
  const checkout = await call(base, cookie, "POST", "/api/billing/checkout", {
    plan,
    ...(seats === undefined ? {} : { quantity: seats }),
    billing: "monthly",
    successUrl: `${base}/dashboard`,
    cancelUrl: `${base}/dashboard`,
  });
  const id = new URL(String(checkout.url)).pathname.split("/").pop();
  await call(base, cookie, "POST", `/api/billing/checkout-sessions/${id}/pay`);
}
