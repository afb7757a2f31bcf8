// Secrets never reach the browser: the built web app holds no server secret and no environment of
// the server, and neither do the pages the server sends. (Setting names may appear in help texts
// for an operator; their values never.)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ENV_DOCS } from "#server/env.ts";
import { expect, test } from "./fixtures.ts";

const WEB = join(process.cwd(), "dist/web");
const DATA_DIR = process.env.E2E_DATA_DIR ?? "/tmp/kairo-e2e-data";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const SECRET_SETTINGS = Object.entries(ENV_DOCS)
  .filter(([, doc]) => doc.secret)
  .map(([name]) => name);

test("the built web app holds no server secret and no server environment", async ({ request }) => {
  // The server is up, so it has written its generated secret into the data folder.
  expect((await request.get("/api/health")).ok()).toBe(true);
  const serverSecret = readFileSync(join(DATA_DIR, "secret"), "utf8").trim();
  expect(serverSecret.length).toBeGreaterThan(16);
  expect(SECRET_SETTINGS).toEqual(expect.arrayContaining(["BETTER_AUTH_SECRET", "STRIPE_SECRET_KEY"]));

  const texts = filesUnder(WEB)
    .filter((f) => /\.(js|html|css|json|map|txt|svg)$/.test(f))
    .map((f) => ({ f, text: readFileSync(f, "utf8") }));
  expect(texts.some(({ f }) => f.endsWith(".js"))).toBe(true);
  for (const { f, text } of texts) {
    expect(/process\.env|import\.meta\.env/.test(text), `the environment in ${f}`).toBe(false);
    expect(text.includes(serverSecret), `the server secret in ${f}`).toBe(false);
    expect(/sk_(live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}/.test(text), `a Stripe key in ${f}`).toBe(
      false,
    );
  }
});

test("pages and the public configuration the browser reads carry no secret", async ({ request }) => {
  const serverSecret = readFileSync(join(DATA_DIR, "secret"), "utf8").trim();
  for (const path of ["/", "/login", "/dashboard", "/api/health"]) {
    const res = await request.get(path);
    const body = await res.text();
    expect(body.includes(serverSecret), path).toBe(false);
    for (const name of SECRET_SETTINGS) expect(body.includes(name), `${name} in ${path}`).toBe(false);
  }
});
