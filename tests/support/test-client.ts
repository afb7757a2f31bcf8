// A tiny HTTP client with a cookie jar, playing one browser. Each client gets its own client
// address (X-Forwarded-For) so rate limits of one test never leak into another.
let nextIp = 1;

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

export class TestClient {
  readonly ip: string;
  readonly baseUrl: string;
  private cookies = new Map<string, string>();

  constructor(baseUrl: string, ip?: string) {
    this.baseUrl = baseUrl;
    const n = nextIp++;
    this.ip = ip ?? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasSessionCookie(): boolean {
    return [...this.cookies.keys()].some((k) => k.includes("session_token"));
  }

  clearCookies() {
    this.cookies.clear();
  }

  /** The same browser (cookies and address) talking to another instance at `baseUrl`. */
  at(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl, this.ip);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: {
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
      redirect?: RequestRedirect;
    } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      "x-forwarded-for": this.ip,
      ...(options.json !== undefined || options.body !== undefined
        ? { "content-type": "application/json" }
        : {}),
      ...options.headers,
    };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: options.body ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
      redirect: options.redirect ?? "manual",
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>("GET", path, { headers });
  }
  post<T = unknown>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", path, { json: json ?? {}, headers });
  }
  put<T = unknown>(path: string, json?: unknown) {
    return this.request<T>("PUT", path, { json: json ?? {} });
  }
  patch<T = unknown>(path: string, json?: unknown) {
    return this.request<T>("PATCH", path, { json: json ?? {} });
  }
  delete<T = unknown>(path: string) {
    return this.request<T>("DELETE", path);
  }
}
