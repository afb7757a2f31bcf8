// Renders a web component for a component test as the app holds it (a query client of its own, no
// retries, a router) with `fetch` answered by `answer`: the same JSON the server would send, so the
// component's own API calls, response schemas and error handling run as in the browser. Every
// request is recorded with its parsed JSON body.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

export type ApiRequest = { method: string; path: string; body: unknown };
export type ApiAnswer = { status: number; body?: unknown };

export function renderWithApi(
  ui: ReactNode,
  answer: (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>,
) {
  const requests: ApiRequest[] = [];
  vi.stubGlobal("fetch", async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://kairo.test");
    const text = typeof init.body === "string" ? init.body : "";
    const request = {
      method: init.method ?? "GET",
      path: url.pathname,
      body: text ? JSON.parse(text) : null,
    };
    requests.push(request);
    const { status, body } = await answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, requests, client };
}

/** An API error answer as the server writes it. */
export const apiError = (status: number, code: string, message: string, extra: object = {}): ApiAnswer => ({
  status,
  body: { error: { code, message, ...extra } },
});
