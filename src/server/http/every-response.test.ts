import { Writable } from "node:stream";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { everyResponse, lazyChild, SECURE_HEADERS_OPTIONS, SECURITY_HEADERS } from "./every-response.ts";

describe("the precomputed security headers", () => {
  it("are exactly what Hono's secureHeaders sends for the same options", async () => {
    const hono = new Hono()
      .use(secureHeaders(SECURE_HEADERS_OPTIONS as unknown as Parameters<typeof secureHeaders>[0]))
      .get("/", (c) => c.body(null, 204));
    const expected = [...(await hono.request("/")).headers].sort();
    const ours = new Hono()
      .use(everyResponse({ logger: pino({ level: "silent" }), trustProxy: false }))
      .get("/", (c) => c.body(null, 204));
    const got = [...(await ours.request("/")).headers].filter(([name]) => name !== "x-request-id").sort();
    expect(got).toEqual(expected);
    expect(SECURITY_HEADERS.length).toBe(expected.length);
  });

  it("add Cache-Control: no-store and the request id on API answers only", async () => {
    const app = new Hono()
      .use(everyResponse({ logger: pino({ level: "silent" }), trustProxy: true }))
      .get("*", (c) => c.json({}));
    const api = await app.request("/api/x", {
      headers: { "x-request-id": "r-1", "x-forwarded-proto": "https" },
    });
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(api.headers.get("x-request-id")).toBe("r-1");
    expect(api.headers.get("strict-transport-security")).toMatch(/^max-age=/);
    const page = await app.request("/about");
    expect(page.headers.get("cache-control")).toBeNull();
    expect(page.headers.get("strict-transport-security")).toBeNull();
    expect(page.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("lazyChild", () => {
  function capture() {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { lines, logger: pino({ level: "info" }, stream) };
  }

  it("makes the child only when something logs, with the bindings of both levels", async () => {
    const { lines, logger } = capture();
    let asked = 0;
    const request = lazyChild(logger, () => {
      asked++;
      return { requestId: "r-2" };
    });
    const person = lazyChild(request, () => ({ userId: "u-1" }));
    expect(asked).toBe(0);
    person.warn({ detail: 1 }, "something");
    expect(asked).toBe(1);
    request.info("again");
    expect(asked).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.msg, l.requestId, l.userId, l.detail])).toEqual([
      ["something", "r-2", "u-1", 1],
      ["again", "r-2", undefined, undefined],
    ]);
    expect(person.isLevelEnabled("debug")).toBe(false);
  });
});
