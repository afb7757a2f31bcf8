// A small local stand-in for the parts of the Stripe API Kairo uses: Checkout Sessions, Billing
// Portal sessions, subscription lookups and cancellations. The official SDK talks to it over HTTP (its host, port
// and protocol settings, set through STRIPE_API_BASE); every request is recorded with its
// form-encoded body so tests can assert what Kairo sent. Also builds Stripe-shaped objects and
// events, signed with the SDK's own test helper.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type RecordedRequest = {
  method: string;
  path: string;
  /** The form-encoded body (and query), flat: `line_items[0][price]` → `price_...`. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
};

export type FakeSubscriptionInput = {
  id: string;
  customer: string;
  price: string;
  quantity?: number;
  status?: Stripe.Subscription.Status;
  cancelAtPeriodEnd?: boolean;
  /** Seconds since the epoch. */
  currentPeriodEnd: number;
  metadata?: Record<string, string>;
};

/** A subscription as the Stripe API returns it (the fields Kairo reads, and a few more). */
export function fakeSubscription(s: FakeSubscriptionInput) {
  const start = s.currentPeriodEnd - 30 * 86_400;
  return {
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status ?? "active",
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    canceled_at: null,
    created: start,
    start_date: start,
    livemode: false,
    metadata: s.metadata ?? {},
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
      data: [
        {
          id: `si_${s.id}`,
          object: "subscription_item",
          subscription: s.id,
          quantity: s.quantity ?? 1,
          current_period_start: start,
          current_period_end: s.currentPeriodEnd,
          price: { id: s.price, object: "price", recurring: { interval: "month", interval_count: 1 } },
        },
      ],
    },
  };
}

let eventSeq = 0;

/** A Stripe event wrapping `object`; a fresh id unless one is given. */
export function fakeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  eventSeq += 1;
  return {
    id: options.id ?? `evt_test_${Date.now().toString(36)}_${eventSeq}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The body and Stripe-Signature header of a webhook delivery, signed by the SDK's test helper. */
export function signedDelivery(event: unknown, secret: string, at: Date = new Date()) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(at.getTime() / 1000),
  });
  return { payload, signature };
}

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  /** Requests to one path (`/v1/checkout/sessions`...). */
  requestsTo(path: string): RecordedRequest[];
  /** What GET /v1/subscriptions/:id answers from now on (DELETE cancels it). */
  setSubscription(sub: ReturnType<typeof fakeSubscription>): void;
  /** The next request answers this Stripe error instead. */
  failNext(status: number, error: { type: string; message: string; code?: string }): void;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const subs = new Map<string, unknown>();
  let failure: { status: number; error: unknown } | null = null;
  let seq = 0;
  let base = "";

  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const form: Record<string, string> = {};
      // DELETE carries its parameters in the query string.
      for (const [k, v] of [...url.searchParams, ...new URLSearchParams(body)]) form[k] = v;
      requests.push({ method: req.method ?? "GET", path: url.pathname, form, headers: req.headers });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_fake_${++seq}` });
        res.end(JSON.stringify(json));
      };
      if (failure) {
        const f = failure;
        failure = null;
        return send(f.status, { error: f.error });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_${++seq}`;
        return send(200, {
          id,
          object: "checkout.session",
          mode: form.mode,
          url: `${base}/c/pay/${id}`,
          client_reference_id: form.client_reference_id ?? null,
          customer: form.customer ?? null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          status: "open",
          payment_status: "unpaid",
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        const id = `bps_test_${++seq}`;
        return send(200, {
          id,
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url,
          url: `${base}/p/session/${id}`,
        });
      }
      const subMatch = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if ((req.method === "GET" || req.method === "DELETE") && subMatch) {
        const id = decodeURIComponent(subMatch[1]!);
        const sub = subs.get(id) as { status: string } | undefined;
        // As Stripe does: a cancelled subscription cannot be cancelled again ("No such subscription").
        if (sub && !(req.method === "DELETE" && sub.status === "canceled")) {
          if (req.method === "DELETE") subs.set(id, { ...sub, status: "canceled" });
          return send(200, subs.get(id));
        }
        return send(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such subscription: '${subMatch[1]}'`,
          },
        });
      }
      return send(404, {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    requestsTo: (path) => requests.filter((r) => r.path === path),
    setSubscription(sub) {
      subs.set(sub.id, sub);
    },
    failNext(status, error) {
      failure = { status, error };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
