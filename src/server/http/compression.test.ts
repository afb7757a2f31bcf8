import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compression, negotiateEncoding } from "./compression.ts";

const BIG = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Task ${i}` })) });

function app() {
  return new Hono()
    .use("*", compression({ skip: (path) => path.startsWith("/auth/") }))
    .get("/json", (c) => c.json(JSON.parse(BIG)))
    .get("/auth/json", (c) => c.json(JSON.parse(BIG)))
    .get("/cookie", (c) => {
      c.header("Set-Cookie", "session=abc; HttpOnly");
      return c.json(JSON.parse(BIG));
    })
    .get(
      "/events",
      () => new Response(`data: ${BIG}\n\n`, { headers: { "content-type": "text/event-stream" } }),
    )
    .get("/png", () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/png" } }));
}

describe("negotiateEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["deflate", null],
  ])("%s → %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("compression", () => {
  const br = { "accept-encoding": "br" };

  it("compresses a large JSON answer with brotli", async () => {
    const res = await app().request("/json", { headers: br });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(BIG);
  });

  it.each([
    ["a server-sent stream", "/events"],
    ["an already-compressed type", "/png"],
    ["an answer that sets a cookie", "/cookie"],
    ["a skipped path (the auth calls)", "/auth/json"],
  ])("never compresses %s", async (_label, path) => {
    const res = await app().request(path, { headers: br });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
  });
});
