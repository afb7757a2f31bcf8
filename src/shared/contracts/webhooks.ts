// Webhooks (issue 26, point 4; docs/decisions/200-webhooks.md): a person's endpoints, the events
// they can subscribe to, and the delivery log. Messages follow the Standard Webhooks specification:
// a JSON body `{ type, timestamp, data }` with `webhook-id`, `webhook-timestamp` and
// `webhook-signature` headers.
import { z } from "zod";
import { taskDto } from "./tasks.ts";

/** Endpoints one person may have. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** Deliveries shown in an endpoint's log (newest first). */
export const WEBHOOK_LOG_SIZE = 50;

export const WEBHOOK_EVENT_TYPES = [
  "task.created",
  "task.updated",
  "task.completed",
  "task.deleted",
  "comment.created",
  "timer.stopped",
  "workflow_run.finished",
  "plan.accepted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event is called on screen, and whether Kairo sends it yet (all of them now). */
export const WEBHOOK_EVENTS: Record<WebhookEventType, { label: string; sentToday: boolean }> = {
  "task.created": { label: "Task created", sentToday: true },
  "task.updated": { label: "Task updated", sentToday: true },
  "task.completed": { label: "Task completed", sentToday: true },
  "task.deleted": { label: "Task deleted", sentToday: true },
  "comment.created": { label: "Comment created", sentToday: true },
  "timer.stopped": { label: "Timer stopped", sentToday: true },
  "workflow_run.finished": { label: "Workflow run finished", sentToday: true },
  "plan.accepted": { label: "Plan accepted", sentToday: true },
};

/** The `webhook-id` of a delivery's message: the same on every attempt and redelivery. */
export const webhookMessageId = (deliveryId: string) => `msg_${deliveryId.replaceAll("-", "")}`;

/** The `data` of each event's body. */
export const webhookEventData = {
  "task.created": taskDto,
  "task.updated": taskDto,
  "task.completed": taskDto,
  "task.deleted": z.object({ id: z.string() }),
  "comment.created": z.object({
    id: z.string(),
    taskId: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
  "timer.stopped": z.object({ taskId: z.string(), minutes: z.number().int(), task: taskDto }),
  "workflow_run.finished": z.object({
    workflowId: z.string(),
    executionId: z.string(),
    workflowName: z.string(),
    status: z.enum(["completed", "failed"]),
    errorMessage: z.string().nullable(),
  }),
  /** Accept all of a proposed plan: blocks that joined it, and accepted ones it removed. */
  "plan.accepted": z.object({ accepted: z.number().int(), removed: z.number().int() }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;

/** The body of every webhook message. */
export type WebhookMessageBody<T extends WebhookEventType = WebhookEventType> = {
  type: T;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: WebhookEventData<T>;
};

const webhookUrl = z
  .string({ error: "Enter the endpoint's URL." })
  .trim()
  .max(2048, { error: "The URL may be at most 2,048 characters." })
  .pipe(z.url({ protocol: /^https?$/, error: "Enter a full http:// or https:// address." }));

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Unknown event type." }), {
    error: "Choose the events to send.",
  })
  .min(1, { error: "Choose at least one event." })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

const description = z.string().trim().max(200, { error: "The description may be at most 200 characters." });

/** POST /api/webhooks */
export const webhookCreateBody = z
  .object({ url: webhookUrl, description: description.optional(), eventTypes })
  .strict();
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

/** PATCH /api/webhooks/:id: `enabled: true` re-enables an endpoint Kairo disabled. */
export const webhookUpdateBody = z
  .object({
    url: webhookUrl.optional(),
    description: description.optional(),
    eventTypes: eventTypes.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: "Nothing to change." });
export type WebhookUpdateBody = z.infer<typeof webhookUpdateBody>;

export const webhookEndpointDto = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

export const webhookListResponse = z.object({ endpoints: z.array(webhookEndpointDto) });
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

/** The signing secret: in the answer to a creation, and to the owner's reveal. */
export const webhookSecretResponse = z.object({ secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/) });

export const webhookCreatedResponse = z.object({
  endpoint: webhookEndpointDto,
  secret: z.string(),
});
export type WebhookCreatedResponse = z.infer<typeof webhookCreatedResponse>;

export const webhookAttemptDto = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});

export const webhookDeliveryDto = z.object({
  id: z.string(),
  /** The `webhook-id` header of every attempt. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  log: z.array(webhookAttemptDto),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookDeliveryListResponse = z.object({ deliveries: z.array(webhookDeliveryDto) });
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponse>;
