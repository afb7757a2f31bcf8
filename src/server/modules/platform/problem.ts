// /api/v1 answers its errors as RFC 9457 problem details (decision 255): `application/problem+json`
// with type, title, status, detail and our error code as the extension member `code`. The rest of
// /api keeps its `{ error: { code, message } }` shape: one middleware turns the app's error answers
// into problem documents on the way out, so every error of /api/v1 (a route's, the body limit's, the
// origin check's, the 404 of an unknown address) has the same shape.
import type { Context, MiddlewareHandler } from "hono";
import type { ProblemDocument } from "#shared/contracts/platform.ts";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  428: "Precondition Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The reference page's section that explains a code (a relative URI, resolved against the call's). */
export function problemType(code: string): string {
  return `/api/v1/docs#problem-${code.toLowerCase().replace(/_/g, "-")}`;
}

export function problemOf(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): ProblemDocument {
  return {
    ...extra,
    type: problemType(code),
    title: TITLES[status] ?? "Error",
    status,
    detail,
    code,
  };
}

/** Answers a problem document now (for a route that refuses without throwing). */
export function problemResponse(
  c: Context,
  status: number,
  code: string,
  detail: string,
  o: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  for (const [name, value] of Object.entries(o.headers ?? {})) c.header(name, value);
  c.header("Content-Type", PROBLEM_CONTENT_TYPE);
  return c.body(JSON.stringify(problemOf(status, code, detail, o.extra)), status as 400);
}

type ErrorShape = { error?: { code?: unknown; message?: unknown } & Record<string, unknown> } & Record<
  string,
  unknown
>;

/** The app's `{ error: { code, message, fields? }, ...extra }` answer as a problem document. */
export function problemFromErrorBody(status: number, body: ErrorShape): ProblemDocument {
  const { error, ...extra } = body;
  const { code, message, ...rest } = error ?? {};
  return problemOf(
    status,
    typeof code === "string" ? code : "HTTP_ERROR",
    typeof message === "string" ? message : (TITLES[status] ?? "Error"),
    { ...extra, ...rest },
  );
}

/** Turns every JSON error answer below it into a problem document; success answers pass untouched. */
export function problemDetails(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400) return;
    const type = res.headers.get("content-type") ?? "";
    if (!type.startsWith("application/json")) return;
    let body: ErrorShape;
    try {
      body = (await res.clone().json()) as ErrorShape;
    } catch {
      return;
    }
    const headers = new Headers(res.headers);
    headers.set("content-type", PROBLEM_CONTENT_TYPE);
    headers.delete("content-length");
    c.res = undefined;
    c.res = new Response(JSON.stringify(problemFromErrorBody(res.status, body)), {
      status: res.status,
      headers,
    });
  };
}
