// fetch for our JSON API: same-origin cookies, and every failure thrown as an ApiError carrying the
// server's code and readable message (or a network message the spec's mapping understands). Every
// answer that is read is checked and typed by its `schema` (a response schema from
// src/shared/contracts, the one the server answers through with `reply`); apiSend reads none.
import type { z } from "zod";
import { CLIENT_TAB_HEADER } from "#shared/contracts/realtime.ts";

/**
 * This tab's id, sent with every call so the socket echo of its own changes can be told apart
 * (the tab refetched already). Not from crypto.randomUUID, which only exists on secure origins.
 */
export const CLIENT_TAB_ID = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly requiredPlan?: string;
  /** The whole error object of the answer, for calls whose errors carry more (a reason, addresses). */
  readonly details?: Record<string, unknown>;
  /** The whole answer, for errors that carry more than the error object (a 409's current task). */
  readonly body?: unknown;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: {
      fields?: Record<string, string>;
      requiredPlan?: string;
      details?: Record<string, unknown>;
      body?: unknown;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.requiredPlan = extra.requiredPlan;
    this.details = extra.details;
    this.body = extra.body;
  }
}

/** How a request reaches the API: the network, or the app running in this page (the static demo). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Sends every API call through `next` instead of the network. Only the static demo build calls it
 * (src/demo/main.tsx), before the app starts, with its in-browser app (docs/decisions/082).
 */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/** A raw call to the API (for answers that are not JSON); apiFetch is the usual way. */
export function apiRequest(path: string, init: RequestInit): Promise<Response> {
  return transport(path, init);
}

type Json = Record<string, unknown> | unknown[];
type Init = Omit<RequestInit, "body"> & { json?: Json };

/** The answer did not have the shape its schema promises (a server and web out of step). */
export const RESPONSE_SHAPE_MESSAGE =
  "The server sent an answer this page does not understand. Reload the page.";

/**
 * A call whose answer is read: `schema` is the response schema the route answers through, and the
 * answer is what it parses to. There is no call without one (apiSend is for answers not read).
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  init: Init & { schema: S },
): Promise<z.output<S>> {
  const { schema, ...rest } = init;
  const { status, body } = await send(path, rest);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(status, "BAD_RESPONSE", RESPONSE_SHAPE_MESSAGE);
  return parsed.data;
}

/**
 * A call whose answer is not read: routes that answer 204 with no body, and reports the page sends
 * and forgets. Fails as apiFetch does; resolves with nothing.
 */
export async function apiSend(path: string, init: Init): Promise<void> {
  await send(path, init);
}

async function send(path: string, init: Init): Promise<{ status: number; body: unknown }> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await transport(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        ...(json ? { "content-type": "application/json" } : {}),
        accept: "application/json",
        [CLIENT_TAB_HEADER]: CLIENT_TAB_ID,
        ...headers,
      },
      body: json ? JSON.stringify(json) : undefined,
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) throw failure(response, body);
  return { status: response.status, body };
}

/** The ApiError of a failed answer read with apiRequest (apiFetch and apiSend throw it themselves). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return failure(response, text ? safeJson(text) : null);
}

function failure(response: Response, body: unknown): ApiError {
  // Our API answers {error: {code, message}}; Better Auth answers {code, message}.
  const err = errorObject(body);
  const message =
    response.status === 429 ? "Too many requests" : (textOf(err?.message) ?? response.statusText);
  return new ApiError(response.status, textOf(err?.code) ?? `HTTP_${response.status}`, message, {
    fields: isTextRecord(err?.fields) ? err.fields : undefined,
    requiredPlan: textOf(err?.requiredPlan),
    details: err,
    body,
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isTextRecord = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((x) => typeof x === "string");

const textOf = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The error object of a failed answer, checked field by field by its readers above. */
function errorObject(body: unknown): Record<string, unknown> | undefined {
  const outer = isRecord(body) && "error" in body ? body.error : body;
  return isRecord(outer) ? outer : undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
