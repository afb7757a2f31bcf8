// fetch for our JSON API: same-origin cookies, and every failure thrown as an ApiError carrying the
// server's code and readable message (or a network message the spec's mapping understands).
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly requiredPlan?: string;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: { fields?: Record<string, string>; requiredPlan?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = extra.fields;
    this.requiredPlan = extra.requiredPlan;
  }
}

type Json = Record<string, unknown> | unknown[];

export async function apiFetch<T>(
  path: string,
  init: Omit<RequestInit, "body"> & { json?: Json } = {},
): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        ...(json ? { "content-type": "application/json" } : {}),
        accept: "application/json",
        ...headers,
      },
      body: json ? JSON.stringify(json) : undefined,
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) {
    // Our API answers {error: {code, message}}; Better Auth answers {code, message}.
    const err = (
      body && typeof body === "object" && "error" in body ? (body as { error: unknown }).error : body
    ) as { code?: string; message?: string; fields?: Record<string, string>; requiredPlan?: string } | null;
    const message = response.status === 429 ? "Too many requests" : (err?.message ?? response.statusText);
    throw new ApiError(response.status, err?.code ?? `HTTP_${response.status}`, message, {
      fields: err?.fields,
      requiredPlan: err?.requiredPlan,
    });
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
