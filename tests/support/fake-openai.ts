// A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), for the
// AI adapter's tests. Each test picks how it answers: a structured answer that honours the request's
// json_schema, an error status, a 429 with Retry-After, a hang, or a malformed body. It records what
// it was sent.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode =
  | { kind: "answer"; content?: (schemaField: string) => unknown }
  | { kind: "status"; status: number }
  | { kind: "rate-limit"; retryAfter: string; afterwards: FakeMode }
  | { kind: "hang" }
  | { kind: "malformed-body" }
  | { kind: "raw-content"; content: string };

export type RecordedCall = { headers: IncomingMessage["headers"]; body: Record<string, unknown> };

export type FakeOpenAi = {
  baseUrl: string;
  calls: RecordedCall[];
  mode: FakeMode;
  close(): Promise<void>;
};

function completion(model: string, content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging = new Set<ServerResponse>();
  const fake: FakeOpenAi = {
    baseUrl: "",
    calls: [],
    mode: { kind: "answer" },
    close: async () => {},
  };
  const reply = (res: ServerResponse, mode: FakeMode, body: Record<string, unknown>) => {
    const model = String(body.model);
    const format = body.response_format as { json_schema?: { schema?: { required?: string[] } } } | undefined;
    const field = format?.json_schema?.schema?.required?.[0] ?? "answer";
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    switch (mode.kind) {
      case "answer": {
        const content = mode.content?.(field) ?? {
          [field]: `From the fake model: 5-minute break: a ${field} written from the figures you sent.`,
        };
        return json(200, completion(model, JSON.stringify(content)));
      }
      case "raw-content":
        return json(200, completion(model, mode.content));
      case "status":
        return json(mode.status, {
          error: { message: "The server had an error", type: "server_error", code: null },
        });
      case "rate-limit":
        fake.mode = mode.afterwards;
        return json(
          429,
          { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } },
          { "retry-after": mode.retryAfter },
        );
      case "hang":
        hanging.add(res);
        return;
      case "malformed-body":
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"choices": [');
        return;
    }
  };
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Not found" } }));
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      fake.calls.push({ headers: req.headers, body });
      reply(res, fake.mode, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
