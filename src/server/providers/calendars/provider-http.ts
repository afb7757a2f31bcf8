// The calls both adapters make: bearer-authenticated JSON GETs that honour rate limits (429, and the
// 403 rateLimitExceeded Google also answers, with or without Retry-After) by waiting and retrying,
// and OAuth token calls through arctic, whose errors become CalendarApiError.
import { ArcticFetchError, OAuth2RequestError, type OAuth2Tokens } from "arctic";
import { CalendarApiError } from "./calendar-provider.ts";

export type HttpOptions = {
  /** Waits between retries; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
  /** A rate limit asking for a longer wait than this fails the sync instead (next run retries). */
  maxWaitMs?: number;
  /** Attempts per call, the first included. */
  attempts?: number;
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function isGoogleRateLimit(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = await res
    .clone()
    .json()
    .catch(() => null);
  const reasons: unknown[] = body?.error?.errors?.map((e: { reason?: unknown }) => e.reason) ?? [];
  return reasons.some((r) => r === "rateLimitExceeded" || r === "userRateLimitExceeded");
}

/** GETs JSON with a bearer token. 401 → "auth", 410 → "sync_expired", rate limits waited out. */
export async function getJson(
  url: string,
  accessToken: string,
  o: HttpOptions & { headers?: Record<string, string> } = {},
): Promise<unknown> {
  const sleep = o.sleep ?? defaultSleep;
  const attempts = o.attempts ?? 4;
  const maxWait = o.maxWaitMs ?? 30_000;
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/json", ...o.headers },
        signal: AbortSignal.timeout(o.timeoutMs ?? 20_000),
      });
    } catch (cause) {
      throw new CalendarApiError("unavailable", "The calendar provider could not be reached.", { cause });
    }
    if (res.status === 429 || res.status === 503 || (await isGoogleRateLimit(res))) {
      await res.body?.cancel();
      const wait = retryAfterMs(res.headers.get("retry-after")) ?? 2 ** (attempt - 1) * 1000;
      if (attempt >= attempts || wait > maxWait) {
        throw new CalendarApiError(
          res.status === 503 ? "unavailable" : "rate_limited",
          res.status === 503
            ? "The calendar provider is unavailable; the next sync tries again."
            : "The calendar provider is limiting requests; the next sync tries again.",
          { status: res.status },
        );
      }
      await sleep(wait);
      continue;
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new CalendarApiError("auth", "The calendar provider refused the access token.", { status: 401 });
    }
    if (res.status === 410) {
      await res.body?.cancel();
      throw new CalendarApiError("sync_expired", "The provider asked for a full sync.", { status: 410 });
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new CalendarApiError("unavailable", `The calendar provider answered ${res.status}.`, {
        status: res.status,
      });
    }
    try {
      return await res.json();
    } catch (cause) {
      throw new CalendarApiError("malformed", "The calendar provider's answer is not JSON.", { cause });
    }
  }
}

/** Runs an arctic token call; its errors become CalendarApiError. */
export async function tokenCall(call: () => Promise<OAuth2Tokens>): Promise<{
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number | null;
}> {
  let tokens: OAuth2Tokens;
  try {
    tokens = await call();
  } catch (err) {
    if (err instanceof OAuth2RequestError) {
      throw new CalendarApiError(
        err.code === "invalid_grant" ? "invalid_grant" : "oauth",
        `The provider refused the token request (${err.code}).`,
        { oauthCode: err.code },
      );
    }
    if (err instanceof ArcticFetchError) {
      throw new CalendarApiError("unavailable", "The provider's token service could not be reached.", {
        cause: err,
      });
    }
    throw new CalendarApiError("unavailable", "The provider's token service answered unexpectedly.", {
      cause: err,
    });
  }
  const data = tokens.data as Record<string, unknown>;
  if (typeof data.access_token !== "string" || data.access_token.length === 0) {
    throw new CalendarApiError("malformed", "The provider's token answer has no access token.");
  }
  return {
    accessToken: data.access_token,
    refreshToken: typeof data.refresh_token === "string" && data.refresh_token ? data.refresh_token : null,
    expiresInSeconds: typeof data.expires_in === "number" ? data.expires_in : Number(data.expires_in) || null,
  };
}

/** Parses with a zod-like schema; a mismatch is a malformed answer. */
export function shaped<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CalendarApiError("malformed", `The provider's ${what} has an unexpected shape.`);
  return parsed.data;
}
