// Cross-site request refusal for the API's state-changing calls. The session cookie is SameSite=Lax,
// which already keeps it off cross-site POSTs in current browsers; this is the second, explicit
// layer: a mutation whose Origin (or, lacking it, Sec-Fetch-Site or Referer) names another site is
// refused before any route runs. See docs/decisions/010-origin-checks.md for requests that carry
// none of these headers.
import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppBindings } from "./types.ts";

export const CROSS_SITE_MESSAGE = "Cross-site request refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginCheckOptions = {
  /** Origins (scheme://host[:port]) the web app is served from. */
  allowedOrigins: string[];
  /** Paths checked elsewhere: Better Auth's own origin check, signature-checked webhooks. */
  exempt: (path: string) => boolean;
};

export function originCheck(o: OriginCheckOptions): MiddlewareHandler<AppBindings> {
  const allowed = new Set(o.allowedOrigins.map((origin) => new URL(origin).origin));
  const isAllowed = (value: string) => {
    try {
      return allowed.has(new URL(value).origin);
    } catch {
      return false;
    }
  };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || o.exempt(c.req.path)) return next();
    const verdict = judge(
      c.req.header("origin"),
      c.req.header("sec-fetch-site"),
      c.req.header("referer"),
      isAllowed,
    );
    if (verdict === "refuse") {
      c.get("log")?.warn(
        { origin: c.req.header("origin"), referer: c.req.header("referer") },
        "cross-site request refused",
      );
      throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
    }
    return next();
  };
}

/** Exported for the unit test: which headers decide, in which order. */
export function judge(
  origin: string | undefined,
  fetchSite: string | undefined,
  referer: string | undefined,
  isAllowed: (value: string) => boolean,
): "allow" | "refuse" {
  // Browsers send Origin on every POST, PUT, PATCH and DELETE; "null" (sandboxed frames, privacy
  // redirects, no-referrer pages) is never ours.
  if (origin !== undefined) return isAllowed(origin) ? "allow" : "refuse";
  if (fetchSite === "cross-site" || fetchSite === "same-site") return "refuse";
  if (referer !== undefined) return isAllowed(referer) ? "allow" : "refuse";
  // No browser marker at all: a script or command-line client holding its own cookie. It cannot be
  // forged by another site (see the decision record).
  return "allow";
}
