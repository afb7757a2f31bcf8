// One POST to an address a person gave Kairo (a webhook endpoint), made so that it can only reach
// what address-policy.ts allows: the host is resolved once, judged, and the socket is opened to that
// very address (the `lookup` option answers with it, so Node never asks DNS again), and the address
// the socket actually reached is checked again before a byte is written. No redirect is followed (a
// 3xx is an answer like any other), the whole exchange is bounded in time, and at most `maxBytes`
// of the answer are read.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction, Socket } from "node:net";
import {
  AddressRefused,
  type AddressResolver,
  type AllowList,
  isNonPublicAddress,
  resolvePublicTarget,
  systemResolver,
} from "./address-policy.ts";

export type SafePostOptions = {
  url: string;
  headers: Record<string, string>;
  body: string;
  allow: AllowList;
  /** Whole exchange, connection to the last byte read (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer read at most; the rest is dropped with the connection (default 64 KiB). */
  maxBytes?: number;
  resolve?: AddressResolver;
};

export type SafePostResult =
  | {
      kind: "answered";
      status: number;
      /** The first bytes of the answer's body, as text. */
      body: string;
      /** The answer was longer than maxBytes and was cut there. */
      truncated: boolean;
      location: string | null;
    }
  /** Not sent: the address is refused by policy. */
  | { kind: "refused"; reason: string }
  /** Sent (or tried) but no full answer: connection refused, TLS, timeout. */
  | { kind: "failed"; reason: string };

export async function safePost(o: SafePostOptions): Promise<SafePostResult> {
  const url = new URL(o.url);
  const timeoutMs = o.timeoutMs ?? 10_000;
  const maxBytes = o.maxBytes ?? 64 * 1024;
  const deadline = AbortSignal.timeout(timeoutMs);
  let target: { address: string; family: 4 | 6 };
  try {
    target = await Promise.race([
      resolvePublicTarget(url.hostname, o.allow, o.resolve ?? systemResolver),
      new Promise<never>((_, reject) =>
        deadline.addEventListener("abort", () => reject(new Error("timed out resolving the host"))),
      ),
    ]);
  } catch (err) {
    if (err instanceof AddressRefused) return { kind: "refused", reason: err.message };
    return { kind: "failed", reason: err instanceof Error ? err.message : String(err) };
  }
  // The only answer Node gets for the host name: the address judged above.
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<SafePostResult>((resolve) => {
    let settled = false;
    const finish = (result: SafePostResult) => {
      if (settled) return;
      settled = true;
      req.destroy();
      resolve(result);
    };
    const req = send(url, {
      method: "POST",
      headers: { ...o.headers, "content-length": String(Buffer.byteLength(o.body)) },
      lookup: pinned,
      agent: false,
      signal: deadline,
    });
    req.on("socket", (socket: Socket) => {
      socket.once("connect", () => {
        // Belt and braces: the peer must be the address that was judged.
        const peer = socket.remoteAddress ?? "";
        if (peer !== target.address && isNonPublicAddress(peer) && !o.allow.address(peer)) {
          finish({ kind: "refused", reason: `connected to ${peer}, not the address checked` });
        }
      });
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const done = () =>
        finish({
          kind: "answered",
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          truncated,
          location: typeof res.headers.location === "string" ? res.headers.location : null,
        });
      res.on("data", (chunk: Buffer) => {
        const room = maxBytes - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = chunk.length > room || truncated;
          if (truncated) done();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on("end", done);
      res.on("error", () => done());
    });
    req.on("error", (err) =>
      finish({
        kind: "failed",
        reason: deadline.aborted ? `no answer within ${timeoutMs / 1000} s` : err.message,
      }),
    );
    req.end(o.body);
  });
}
