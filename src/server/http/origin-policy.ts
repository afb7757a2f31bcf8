// The one origin rule of Kairo (docs/decisions/018-one-origin-rule.md), asked by every HTTP route
// (origin-check.ts), every Better Auth call (its trustedOrigins) and the socket handshake
// (realtime/socket.ts):
// - PUBLIC_URL unset: the origin a request was sent to (its Host, over http, or the forwarded scheme
//   behind a trusted proxy) is the app's own, so Kairo works when opened at localhost, 127.0.0.1 or
//   the machine's LAN address alike;
// - PUBLIC_URL set: that origin plus TRUSTED_ORIGINS, and nothing else.

export type RequestHeaders = { get(name: string): string | null | undefined };

export type OriginPolicyOptions = {
  /** PUBLIC_URL as configured (not the localhost default). */
  publicUrl?: string;
  /** TRUSTED_ORIGINS: more origins allowed beside PUBLIC_URL. */
  trustedOrigins?: string[];
  /** TRUST_PROXY: the scheme comes from X-Forwarded-Proto. */
  trustProxy: boolean;
};

export type OriginPolicy = {
  /** The origins the app is served from, as seen by this request. */
  trustedFor(headers: RequestHeaders): string[];
  /** Whether an Origin (or Referer) value is one of them. */
  allows(value: string, headers: RequestHeaders): boolean;
  /** The verdict on a request from its browser headers (Origin, Sec-Fetch-Site, Referer). */
  judge(headers: RequestHeaders): "allow" | "refuse";
};

export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function createOriginPolicy(o: OriginPolicyOptions): OriginPolicy {
  const fixed = o.publicUrl
    ? [o.publicUrl, ...(o.trustedOrigins ?? [])].map(originOf).filter((v): v is string => v !== null)
    : null;

  const sentTo = (headers: RequestHeaders): string | null => {
    const host = headers.get("host");
    if (!host) return null;
    const forwarded = o.trustProxy ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
    const scheme = forwarded === "https" ? "https" : "http";
    return originOf(`${scheme}://${host}`);
  };

  const trustedFor = (headers: RequestHeaders): string[] => {
    if (fixed) return fixed;
    const own = sentTo(headers);
    return own ? [own] : [];
  };

  const allows = (value: string, headers: RequestHeaders) => {
    const origin = originOf(value);
    return origin !== null && trustedFor(headers).includes(origin);
  };

  return {
    trustedFor,
    allows,
    judge: (headers) =>
      judge(
        headers.get("origin") ?? undefined,
        headers.get("sec-fetch-site") ?? undefined,
        headers.get("referer") ?? undefined,
        (value) => allows(value, headers),
      ),
  };
}

/** Which browser headers decide, in which order. */
export function judge(
  origin: string | undefined,
  fetchSite: string | undefined,
  referer: string | undefined,
  isAllowed: (value: string) => boolean,
): "allow" | "refuse" {
  // Browsers send Origin on every POST, PUT, PATCH and DELETE and on every WebSocket; "null"
  // (sandboxed frames, privacy redirects, no-referrer pages) is never ours.
  if (origin !== undefined) return isAllowed(origin) ? "allow" : "refuse";
  if (fetchSite === "cross-site" || fetchSite === "same-site") return "refuse";
  if (referer !== undefined) return isAllowed(referer) ? "allow" : "refuse";
  // No browser marker at all: a script or command-line client holding its own cookie. Another site
  // cannot make a browser send a request like that.
  return "allow";
}

/** Node's IncomingHttpHeaders (the socket handshake) read like Fetch Headers. */
export function nodeHeaders(h: Record<string, string | string[] | undefined>): RequestHeaders {
  return {
    get: (name) => {
      const v = h[name.toLowerCase()];
      return Array.isArray(v) ? v[0] : v;
    },
  };
}
