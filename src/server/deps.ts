// What the composition root (kairo.ts) hands to the HTTP app and every module: the one type routes
// take a `Pick<AppDeps, ...>` of. In its own file so that modules depending on it do not import
// app.ts, which imports them (decision 022).
import type { Auth } from "./auth/auth.ts";
import type { SecretBox } from "./crypto/secret-box.ts";
import type { Database } from "./db/client.ts";
import type { DomainEvents } from "./events/domain-events.ts";
import type { OriginPolicy } from "./http/origin-policy.ts";
import type { CounterStore } from "./http/types.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Logger } from "./logger.ts";
import type { Entitlements } from "./modules/entitlements/entitlements.ts";
import type { BackgroundWriter } from "./modules/platform/credential.ts";
import type { PushDelivery } from "./modules/push/delivery.ts";
import type { WebhookDelivery } from "./modules/webhooks/delivery.ts";
import type { WorkflowEngine } from "./modules/workflows/engine.ts";
import type { AiProvider } from "./providers/ai/ai-provider.ts";
import type { CalendarProviders } from "./providers/calendars/create-calendar-providers.ts";
import type { MailOutbox } from "./providers/mail/mail-outbox.ts";
import type { Mailer } from "./providers/mail/mailer.ts";
import type { PaymentProvider } from "./providers/payments/payment-provider.ts";
import type { EndpointPolicy } from "./providers/push/endpoint-policy.ts";

export type AppDeps = {
  database: Database;
  auth: Auth;
  mailer: Mailer;
  /** Mail queued inside a use case's transaction, sent after it commits (decision 131). */
  mailOutbox: Pick<MailOutbox, "enqueue" | "kick">;
  logger: Logger;
  version: string;
  nodeEnv: string;
  trustProxy: boolean;
  /** Folder of the built web app; omitted in tests and in `npm run dev` (Vite serves it). */
  webRoot?: string;
  /** The time, injectable so tests can move it. */
  clock: () => Date;
  ai: AiProvider;
  /** The domain-event hub (src/server/events/domain-events.ts). */
  events: DomainEvents;
  payments: PaymentProvider;
  /** The address people reach Kairo at (return addresses must be on its origin). */
  publicUrl: string;
  /** Which origins are the app's own, for HTTP, Better Auth and the socket alike (decision 018). */
  originPolicy: OriginPolicy;
  /** Counters of `rateLimit` (src/server/http/rate-limit.ts): Redis when configured, else memory. */
  rateLimitStore: CounterStore;
  /** RATE_LIMIT_DISABLED turns our own limits off as it does Better Auth's. */
  rateLimitEnabled: boolean;
  /** Encrypts tokens before they are stored (src/server/crypto/secret-box.ts). */
  secretBox: SecretBox;
  /** Background jobs and schedules (pg-boss on PostgreSQL, in-process on PGlite). */
  jobs: JobQueue;
  /** Calendar adapters of the providers configured on the server (an OAuth client each). */
  calendars: CalendarProviders;
  /** Every plan question about a person (src/server/modules/entitlements/entitlements.ts). */
  entitlements: Entitlements;
  /** Workflow automation's engine: dispatches trigger events, runs workflows, fires schedules. */
  workflows: WorkflowEngine;
  /** Web Push: queues messages to a person's browsers (src/server/modules/push/delivery.ts). */
  push: PushDelivery;
  /** Which push endpoints may be subscribed and sent to (PUSH_ENDPOINT_ALLOWLIST, decision 172). */
  pushEndpoints: EndpointPolicy;
  /**
   * Webhooks: their delivery (modules/webhooks/delivery.ts) and the address rule at the door
   * (url-check.ts, with the hosts WEBHOOK_ALLOWED_HOSTS trusts).
   */
  webhooks: { delivery: WebhookDelivery; checkUrl: (url: string) => Promise<void> };
  /**
   * /api/v1's audit rows and keys' last use, written behind the answers (decision 300); drained on
   * close. Without it (the static demo) /api/v1 makes its own.
   */
  apiWriter?: BackgroundWriter;
};
