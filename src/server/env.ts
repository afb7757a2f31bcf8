// Every setting is an environment variable, parsed once here. Nothing is required for the embedded
// default; `secret` marks what must never be logged or sent to the browser.
import { z } from "zod";
import { DEFAULT_LEASE_SECONDS } from "./db/lease.ts";
import { isAllowListEntry } from "./providers/outbound/address-policy.ts";

type VarDoc = { description: string; secret?: boolean };

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

/** A comma-separated list of emails, lower-cased. */
const emailList = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalUrl,
  TRUSTED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "TRUSTED_ORIGINS must be a comma-separated list of origins" }))),
  KAIRO_DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalUrl,
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Kairo <no-reply@kairo.local>"),
  KAIRO_ADMIN_EMAILS: emailList,
  KAIRO_SUPER_ADMIN_EMAILS: emailList,
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 7),
  SESSION_RENEW_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 24),
  RATE_LIMIT_DISABLED: bool,
  // Background work: a lease's length (docs/decisions/130-leases-and-heartbeats.md). Tests shorten it.
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(300).default(DEFAULT_LEASE_SECONDS),
  // Without Stripe: the built-in test checkout ("test") or no payments ("none"). Unset means "test"
  // outside production and "none" in production.
  PAYMENTS: z.enum(["test", "none"]).optional(),
  // Stripe: when STRIPE_SECRET_KEY is set, checkout and the billing portal go to Stripe.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO_MONTHLY: optionalText,
  STRIPE_PRICE_PRO_YEARLY: optionalText,
  STRIPE_PRICE_TEAM_MONTHLY: optionalText,
  STRIPE_PRICE_TEAM_YEARLY: optionalText,
  STRIPE_LAUNCH_COUPON: optionalText,
  STRIPE_API_BASE: optionalUrl,
  // Calendar OAuth clients: a provider can be connected only when both its id and secret are set.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_TENANT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || "common")
    .pipe(z.string().regex(/^[A-Za-z0-9.-]+$/, "a tenant id, a domain, common, organizations or consumers")),
  // The providers' addresses, defaulting to the real services (tests point them at local fakes).
  GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_CALENDAR_API_URL: z.url().default("https://www.googleapis.com/calendar/v3"),
  MICROSOFT_AUTH_URL: z.url().default("https://login.microsoftonline.com/{tenant}/oauth2/v2.0/authorize"),
  MICROSOFT_TOKEN_URL: z.url().default("https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token"),
  MICROSOFT_GRAPH_URL: z.url().default("https://graph.microsoft.com/v1.0"),
  // AI: an OpenAI-compatible chat-completions model writes the insights when AI_MODEL is set.
  AI_BASE_URL: z.url().default("https://api.openai.com/v1"),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  // Web Push: the hosts trusted though not public, a CA for a self-hosted push service, the VAPID
  // contact, and the first retry's wait.
  PUSH_ENDPOINT_ALLOWLIST: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9.:[\]-]+$/,
            "PUSH_ENDPOINT_ALLOWLIST must be a comma-separated list of host names or addresses",
          ),
      ),
    ),
  PUSH_EXTRA_CA_FILE: optionalText,
  VAPID_SUBJECT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: or https: address")
        .optional(),
    ),
  PUSH_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Seconds between two due-reminder sweeps of one instance (a reminder fires within about this).
  REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  // Webhooks: the hosts, addresses and ranges an operator lets them reach though not public.
  WEBHOOK_ALLOWED_HOSTS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(
            isAllowListEntry,
            "WEBHOOK_ALLOWED_HOSTS must be a comma-separated list of host names, IP addresses or CIDR ranges",
          ),
      ),
    ),
});

export const ENV_DOCS: Record<keyof z.input<typeof envSchema>, VarDoc> = {
  NODE_ENV: { description: "development, production or test" },
  PORT: { description: "HTTP port of the server (API, socket and web app)" },
  HOST: { description: "Interface to listen on" },
  PUBLIC_URL: {
    description: "Address people reach Kairo at; used in email links. Defaults to http://localhost:PORT",
  },
  TRUSTED_ORIGINS: {
    description:
      "Comma-separated origins allowed beside PUBLIC_URL (only with PUBLIC_URL set); without PUBLIC_URL a request's own address is its origin",
  },
  KAIRO_DATA_DIR: { description: "Folder of the embedded database and the generated secret" },
  DATABASE_URL: {
    description: "PostgreSQL connection string; unset means embedded PGlite in KAIRO_DATA_DIR",
    secret: true,
  },
  DATABASE_POOL_SIZE: {
    description:
      "PostgreSQL connections per instance (default 10); instances × (this + 4 for jobs) must stay under PostgreSQL's max_connections",
  },
  REDIS_URL: {
    description: "Redis for rate limits, presence and socket fan-out across instances",
    secret: true,
  },
  BETTER_AUTH_SECRET: {
    description: "Session signing secret (32+ chars); generated into the data folder when unset",
    secret: true,
  },
  SMTP_URL: {
    description: "SMTP server (smtp://user:pass@host:587); unset means console + dev outbox",
    secret: true,
  },
  MAIL_FROM: { description: "Sender of Kairo's emails" },
  KAIRO_ADMIN_EMAILS: {
    description: "Comma-separated emails that get the admin role at sign-up and start-up",
  },
  KAIRO_SUPER_ADMIN_EMAILS: {
    description:
      "Comma-separated emails that get the super_admin role (grants and removes admin) at sign-up and start-up",
  },
  TRUST_PROXY: { description: "true behind a load balancer: client address taken from X-Forwarded-For" },
  LOG_LEVEL: { description: "pino log level" },
  SESSION_TTL_SECONDS: { description: "Session lifetime without use (default 7 days)" },
  SESSION_RENEW_AFTER_SECONDS: { description: "A session used after this age is renewed (default 1 day)" },
  RATE_LIMIT_DISABLED: { description: "true turns off rate limits (never in production)" },
  JOB_LEASE_SECONDS: {
    description:
      "Seconds a background worker's lease lasts unrenewed (default 20): another instance takes over a dead instance's runs and jobs after it. Tests shorten it",
  },
  PAYMENTS: {
    description:
      "Without STRIPE_SECRET_KEY: test (the built-in test checkout, no real charge) or none (billing off). Unset: test outside production, none in production",
  },
  STRIPE_SECRET_KEY: {
    description: "Stripe secret key; when set, checkout and the billing portal use Stripe",
    secret: true,
  },
  STRIPE_WEBHOOK_SECRET: {
    description: "Signing secret of the Stripe webhook endpoint /api/billing/stripe/webhook",
    secret: true,
  },
  STRIPE_PRICE_PRO_MONTHLY: { description: "Stripe price id of Pro billed monthly" },
  STRIPE_PRICE_PRO_YEARLY: { description: "Stripe price id of Pro billed yearly" },
  STRIPE_PRICE_TEAM_MONTHLY: { description: "Stripe price id of Team billed monthly, per seat" },
  STRIPE_PRICE_TEAM_YEARLY: { description: "Stripe price id of Team billed yearly, per seat" },
  STRIPE_LAUNCH_COUPON: {
    description: "Stripe coupon id of the launch offer (20% off, 3 months); unset means no discount",
  },
  STRIPE_API_BASE: { description: "Another address for the Stripe API (a local fake or stub)" },
  GOOGLE_CLIENT_ID: {
    description: "OAuth client id for Google Calendar; unset means Google cannot be connected",
  },
  GOOGLE_CLIENT_SECRET: { description: "OAuth client secret for Google Calendar", secret: true },
  MICROSOFT_CLIENT_ID: {
    description:
      "OAuth client id (Microsoft Entra) for Outlook calendars; unset means Outlook cannot be connected",
  },
  MICROSOFT_CLIENT_SECRET: { description: "OAuth client secret for Outlook calendars", secret: true },
  MICROSOFT_TENANT: {
    description:
      "Microsoft Entra tenant of the sign-in: common (default), organizations, consumers or a tenant id",
  },
  GOOGLE_AUTH_URL: { description: "Google's OAuth authorization address" },
  GOOGLE_TOKEN_URL: {
    description: "Google's OAuth token address; its revocation address is the same with /revoke for /token",
  },
  GOOGLE_CALENDAR_API_URL: { description: "Base address of the Google Calendar API v3" },
  MICROSOFT_AUTH_URL: {
    description: "Microsoft's OAuth authorization address; {tenant} is MICROSOFT_TENANT",
  },
  MICROSOFT_TOKEN_URL: { description: "Microsoft's OAuth token address; {tenant} is MICROSOFT_TENANT" },
  MICROSOFT_GRAPH_URL: { description: "Base address of Microsoft Graph" },
  AI_BASE_URL: {
    description:
      "OpenAI-compatible API address (OpenAI by default; Ollama http://localhost:11434/v1, vLLM, llama.cpp server)",
  },
  AI_API_KEY: {
    description: "API key sent as a Bearer token to AI_BASE_URL (not needed by Ollama)",
    secret: true,
  },
  AI_MODEL: {
    description:
      "Model name; when set, the model writes insights and break suggestions, else the built-in provider",
  },
  AI_TIMEOUT_MS: {
    description: "Longest wait for one model answer before the built-in answer is used (10 s)",
  },
  PUSH_ENDPOINT_ALLOWLIST: {
    description:
      "Comma-separated push-service hosts accepted though loopback or private (a self-hosted push service, tests); every endpoint must still be https",
  },
  PUSH_EXTRA_CA_FILE: {
    description:
      "PEM file of CA certificates trusted beside the system's for push services (a self-hosted one)",
  },
  VAPID_SUBJECT: {
    description:
      "Contact push services may reach the operator at (mailto: or https:); defaults to the address of MAIL_FROM",
  },
  PUSH_RETRY_BASE_SECONDS: {
    description:
      "Wait before retrying a push a push service could not take; doubles each attempt (default 30)",
  },
  REMINDER_SWEEP_SECONDS: {
    description: "Seconds between two due-reminder sweeps of each instance, at most 30 (default 10)",
  },
  WEBHOOK_ALLOWED_HOSTS: {
    description:
      "Comma-separated host names, IP addresses or CIDR ranges webhooks may reach though loopback, private or link-local (a receiver on your network, tests); http is then allowed for them too",
  },
};

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const stripeMissing = missingStripeSettings(result.data);
  if (stripeMissing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  STRIPE_SECRET_KEY is set, so Stripe takes payments, but ${stripeMissing.join(", ")} ${stripeMissing.length === 1 ? "is" : "are"} not set.`,
    );
  }
  return result.data;
}

/** Stripe needs its webhook secret and the four price ids as soon as its secret key is set. */
export function missingStripeSettings(env: Env): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  const needed = [
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PRICE_PRO_MONTHLY",
    "STRIPE_PRICE_PRO_YEARLY",
    "STRIPE_PRICE_TEAM_MONTHLY",
    "STRIPE_PRICE_TEAM_YEARLY",
  ] as const;
  return needed.filter((name) => !env[name]);
}
