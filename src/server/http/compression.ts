// Compresses text answers made on the fly (JSON, HTML) as the client accepts: brotli at a fast
// level, else gzip. Static assets are compressed once at build time (scripts/precompress.ts) and the
// HTML pages once at start-up (static-web.ts); those arrive here with Content-Encoding set and pass.
// Never compressed: small bodies, already-compressed types, server-sent streams, and (against
// BREACH-style guessing) any answer that sets a cookie or comes from the auth calls.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { requestHeader } from "./request-header.ts";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below about 1 KB the saving is smaller than the work and the headers. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip, honouring q=0. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

export function compressBody(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br")
    return brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
  return gzipAsync(body, { level: 6 });
}

export function compression(options: { skip?: (path: string) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || res.headers.has("content-encoding")) return;
    // The answer depends on Accept-Encoding whether or not this one is compressed.
    res.headers.append("Vary", "Accept-Encoding");
    const encoding = negotiateEncoding(requestHeader(c, "accept-encoding"));
    if (!encoding || !res.body || c.req.method === "HEAD") return;
    if (res.headers.has("set-cookie") || options.skip?.(c.req.path)) return;
    const declared = Number(res.headers.get("content-length") ?? Number.NaN);
    if (declared < COMPRESS_MIN_BYTES) return;
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, res);
      return;
    }
    c.res = new Response(new Uint8Array(await compressBody(body, encoding)), res);
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.delete("Content-Length");
  };
}
