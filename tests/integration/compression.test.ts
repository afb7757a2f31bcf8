// Compressed delivery as a browser receives it, over real HTTP without automatic decompression:
// the built assets served from their brotli/gzip copies, the HTML pages and a large JSON answer
// compressed, each decompressing to exactly the bytes sent uncompressed; small answers, images and
// anything that sets a session left alone; no answer carries the session token; robots.txt and
// sitemap.xml as text.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../scripts/precompress.ts";
import { createVerifiedUser } from "../support/factories.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that keeps the body exactly as sent (fetch would decompress it). */
function rawGet(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, server.baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const decode = (raw: Raw): Buffer => {
  const encoding = raw.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(raw.body);
  if (encoding === "gzip") return gunzipSync(raw.body);
  return raw.body;
};

// Text that compresses as a real bundle does, larger than the 1 KB threshold.
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = "kairo ${i}";`).join("\n");
const STYLES = Array.from({ length: 200 }, (_, i) => `.rule-${i} { margin: ${i}px; }`).join("\n");
const LANDING = `<!doctype html><html><head><title>Kairo</title></head><body><div id="root">${"<p>Plan less. Finish what matters.</p>".repeat(80)}</div></body></html>`;
const APP = `<!doctype html><html><head><title>Kairo</title></head><body><div id="root"></div>${"<!-- app -->".repeat(120)}</body></html>`;

let webRoot: string;
let server: TestServer;
let person: Awaited<ReturnType<typeof createVerifiedUser>>;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "kairo-compressed-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), APP);
  writeFileSync(join(webRoot, "landing.html"), LANDING);
  writeFileSync(join(webRoot, "assets", "app-1234.js"), SCRIPT);
  writeFileSync(join(webRoot, "assets", "app-1234.css"), STYLES);
  writeFileSync(join(webRoot, "assets", "photo-1234.png"), randomBytes(4096));
  precompressDir(webRoot);
  server = await startTestServer({}, { webRoot });
  person = await createVerifiedUser(server);
  for (let i = 0; i < 25; i++) {
    const res = await person.client.post("/api/tasks", { title: `Compressible task number ${i}` });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const signedIn = () => ({ cookie: person.client.cookieHeader(), "x-forwarded-for": person.client.ip });

describe("compressed delivery", () => {
  it.each([
    ["a script", "/assets/app-1234.js", "text/javascript"],
    ["a stylesheet", "/assets/app-1234.css", "text/css"],
    ["the landing page", "/", "text/html"],
    ["an app page", "/dashboard", "text/html"],
  ])(
    "serves %s brotli- and gzip-compressed, byte-identical once decompressed",
    async (_label, path, type) => {
      const plain = await rawGet(server, path);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toContain(type);
      for (const [accept, encoding] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
        ["br;q=0, gzip;q=0.8", "gzip"],
      ] as const) {
        const res = await rawGet(server, path, { "accept-encoding": accept });
        expect(res.status).toBe(200);
        expect(res.headers["content-encoding"], accept).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers["content-type"]).toContain(type);
        expect(res.body.length).toBeLessThan(plain.body.length / 2);
        expect(decode(res).equals(plain.body), accept).toBe(true);
      }
    },
  );

  it("serves the built files themselves when decompressed", async () => {
    const res = await rawGet(server, "/assets/app-1234.js", { "accept-encoding": "br" });
    expect(decode(res).toString()).toBe(SCRIPT);
  });

  it("compresses a large JSON answer on the fly, byte-identical once decompressed", async () => {
    const plain = await rawGet(server, "/api/tasks?limit=100", signedIn());
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      const res = await rawGet(server, "/api/tasks?limit=100", {
        ...signedIn(),
        "accept-encoding": encoding,
      });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["content-length"]).not.toBe(String(plain.body.length));
      expect(decode(res).equals(plain.body)).toBe(true);
      expect(JSON.parse(decode(res).toString()).tasks).toHaveLength(25);
    }
  });

  it("leaves small answers, already-compressed files and unaccepted encodings alone", async () => {
    const health = await rawGet(server, "/api/health", { "accept-encoding": "br, gzip" });
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(health.body.toString()).status).toBe("ok");

    const png = await rawGet(server, "/assets/photo-1234.png", { "accept-encoding": "br, gzip" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.equals(readFileSync(join(webRoot, "assets", "photo-1234.png")))).toBe(true);

    const identity = await rawGet(server, "/api/tasks?limit=100", {
      ...signedIn(),
      "accept-encoding": "identity",
    });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(identity.body.toString()).tasks).toHaveLength(25);
  });
});

describe("nothing secret in a compressed answer (BREACH)", () => {
  it("never compresses an answer that sets the session, and no answer carries the session token", async () => {
    const jar = person.client.cookieHeader();
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(jar)![1]!).split(".")[0]!;
    expect(token.length).toBeGreaterThan(16);

    const signIn = await new Promise<Raw>((resolve, reject) => {
      const body = JSON.stringify({ email: person.email, password: person.password });
      const req = httpRequest(
        new URL("/api/auth/sign-in/email", server.baseUrl),
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: server.baseUrl,
            "x-forwarded-for": person.client.ip,
            "accept-encoding": "br, gzip",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(signIn.status).toBe(200);
    const setCookie = [signIn.headers["set-cookie"] ?? []].flat().join("; ");
    expect(setCookie).toContain("session_token");
    expect(signIn.headers["content-encoding"]).toBeUndefined();
    const newToken = decodeURIComponent(/session_token=([^;]+)/.exec(setCookie)![1]!).split(".")[0]!;
    expect(signIn.body.toString()).not.toContain(newToken);

    for (const path of [
      "/api/auth/get-session",
      "/api/me",
      "/api/account/sessions",
      "/api/tasks?limit=100",
    ]) {
      const res = await rawGet(server, path, { ...signedIn(), "accept-encoding": "br, gzip" });
      expect(res.status, path).toBe(200);
      expect(decode(res).toString(), path).not.toContain(token);
    }
  });
});

describe("files for search engines", () => {
  it("answers /robots.txt as plain text pointing to the sitemap", async () => {
    const res = await rawGet(server, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const text = res.body.toString();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    expect(text).not.toContain("<html");
  });

  it("answers /sitemap.xml with the public pages at absolute addresses", async () => {
    const res = await rawGet(server, "/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const xml = res.body.toString();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of ["/", "/signup", "/login", "/terms-of-service", "/privacy-policy", "/dpa"]) {
      expect(xml).toContain(`<loc>${new URL(path, server.baseUrl).href}</loc>`);
    }
    expect(xml).not.toContain("/dashboard");
  });

  it("gives the landing page an absolute canonical address", async () => {
    const html = decode(await rawGet(server, "/")).toString();
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/" />`);
  });
});
