// Cross-site request refusal for the API's state-changing calls, Better Auth's included. The
// session cookie is SameSite=Lax, which already keeps it off cross-site POSTs in current browsers;
// this is the second, explicit layer: a mutation whose Origin (or, lacking it, Sec-Fetch-Site or
// Referer) names another origin than the app's is refused before any route runs. Which origins are
// the app's is decided by the one rule in origin-policy.ts (docs/decisions/018-one-origin-rule.md).
import type { MiddlewareHandler } from "hono";
import { AppError } from "#shared/errors/app-error.ts";
import type { OriginPolicy } from "./origin-policy.ts";
import type { AppBindings } from "./types.ts";

export const CROSS_SITE_MESSAGE = "Cross-site request refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginCheckOptions = {
  policy: OriginPolicy;
  /** Paths that prove themselves otherwise: signature-checked webhooks. */
  exempt: (path: string) => boolean;
};

export function originCheck(o: OriginCheckOptions): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || o.exempt(c.req.path)) return next();
    if (o.policy.judge(c.req.raw.headers) === "refuse") {
      c.get("log")?.warn(
        { origin: c.req.header("origin"), referer: c.req.header("referer") },
        "cross-site request refused",
      );
      throw new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
    }
    return next();
  };
}
