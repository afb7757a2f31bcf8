// apiFetch reads an answer only through its response schema, apiSend reads none, and a failure's
// error object is read field by field. The transport is swapped for canned answers.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ApiError,
  apiErrorOf,
  apiFetch,
  apiSend,
  RESPONSE_SHAPE_MESSAGE,
  setApiTransport,
} from "./api-client.ts";

const answer = (status: number, body?: unknown) => {
  setApiTransport(async () =>
    body === undefined ? new Response(null, { status }) : Response.json(body, { status }),
  );
};

const thing = z.object({ id: z.string(), count: z.number() });

afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe("apiFetch", () => {
  it("answers what the schema parses, without the fields the schema does not name", async () => {
    answer(200, { id: "a", count: 2, secret: "x" });
    expect(await apiFetch("/api/thing", { schema: thing })).toEqual({ id: "a", count: 2 });
  });

  it("refuses an answer of another shape with BAD_RESPONSE", async () => {
    answer(200, { id: "a", count: "2" });
    const err = await apiFetch("/api/thing", { schema: thing }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, code: "BAD_RESPONSE", message: RESPONSE_SHAPE_MESSAGE });
  });

  it("does not compile without a schema", () => {
    answer(200, {});
    // @ts-expect-error: the only signature needs `schema`; `npm run typecheck` fails if that changes.
    const call = () => apiFetch("/api/thing");
    expect(call).toBeTypeOf("function");
  });

  it("reads our error object and Better Auth's, keeping only fields of the expected kinds", async () => {
    answer(400, {
      error: {
        code: "VALIDATION",
        message: "Check the form",
        fields: { title: "Required" },
        requiredPlan: 3,
      },
    });
    const ours = await apiFetch("/api/thing", { schema: thing }).catch((e: unknown) => e);
    expect(ours).toMatchObject({ status: 400, code: "VALIDATION", message: "Check the form" });
    expect(ours).toMatchObject({ fields: { title: "Required" }, requiredPlan: undefined });

    answer(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    const theirs = await apiSend("/api/auth/sign-in/email", { method: "POST" }).catch((e: unknown) => e);
    expect(theirs).toMatchObject({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD" });

    answer(502, "Bad gateway");
    const plain = await apiSend("/api/thing", {}).catch((e: unknown) => e);
    expect(plain).toMatchObject({ status: 502, code: "HTTP_502" });
  });
});

describe("apiSend", () => {
  it("resolves with nothing for a 204 and for an answer it does not read", async () => {
    answer(204);
    await expect(apiSend("/api/tasks/1", { method: "DELETE" })).resolves.toBeUndefined();
    answer(201, { id: "r1" });
    await expect(apiSend("/api/client-errors", { method: "POST", json: {} })).resolves.toBeUndefined();
  });
});

describe("apiErrorOf", () => {
  it("reads a raw call's failure as apiFetch would", async () => {
    const res = Response.json({ error: { code: "RATE_LIMITED", message: "Slow down" } }, { status: 429 });
    expect(await apiErrorOf(res)).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many requests",
    });
    expect(await apiErrorOf(new Response("oops", { status: 500 }))).toMatchObject({ code: "HTTP_500" });
  });
});
