// Settings: Webhooks (Team plan). The person's endpoints with their events and state, a form to add
// one (the signing secret shown once, revealable later by its owner), each endpoint's delivery log
// with status codes and Redeliver, and Re-enable for an endpoint Kairo turned off.
import { zodResolver } from "@hookform/resolvers/zod";
import { formatDistanceToNow } from "date-fns";
import { Copy, KeyRound, RotateCw, Trash2, Webhook } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEventType,
} from "#shared/contracts/webhooks.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormInput, InputField } from "#web/components/ui/form-field.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { describeError, notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useSubscription } from "#web/lib/subscription.ts";
import { useCreateWebhook } from "../api/create-webhook.ts";
import { useDeleteWebhook } from "../api/delete-webhook.ts";
import { useWebhookDeliveries } from "../api/list-webhook-deliveries.ts";
import { useWebhooks } from "../api/list-webhooks.ts";
import { useRedeliverWebhook } from "../api/redeliver-webhook.ts";
import { useRevealWebhookSecret } from "../api/reveal-webhook-secret.ts";
import { useUpdateWebhook } from "../api/update-webhook.ts";

// The form's own shape: checkboxes give the chosen event types; the server checks the rest again.
const createForm = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: "Enter the endpoint's URL." })
    .max(2048, { error: "The URL may be at most 2,048 characters." })
    .pipe(z.url({ protocol: /^https?$/, error: "Enter a full http:// or https:// address." })),
  description: z.string().trim().max(200, { error: "The description may be at most 200 characters." }),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, { error: "Choose at least one event." }),
});
type CreateForm = z.input<typeof createForm>;
const EMPTY: CreateForm = { url: "", description: "", eventTypes: ["task.created", "task.completed"] };

export function WebhookSettings() {
  const hooks = useWebhooks();
  const plan = useSubscription().data?.plan;
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);

  return (
    <section aria-labelledby="webhooks-heading" className="rounded-lg border border-border bg-background p-6">
      <div className="flex items-center gap-2">
        <Webhook className="size-5 text-muted" aria-hidden="true" />
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          Webhooks
        </h2>
      </div>
      <p className="mt-1 text-sm text-muted">
        Kairo posts signed events to your server (Standard Webhooks: verify the webhook-signature header with
        your signing secret). Failed deliveries are retried for 24 hours.
      </p>
      {plan && plan !== "team" && (
        <Alert tone="info" className="mt-4">
          <p>
            Webhooks are part of the Team plan.{" "}
            <a href="#billing" className="font-medium underline">
              Upgrade to Team
            </a>{" "}
            to add one.
          </p>
        </Alert>
      )}
      {secret && <SecretOnce url={secret.url} secret={secret.value} onDone={() => setSecret(null)} />}

      <div className="mt-5">
        {hooks.isPending ? (
          <Spinner className="justify-start" label="Loading..." visibleLabel />
        ) : hooks.isError ? (
          <Alert tone="error">
            <p>{describeError(hooks.error, "Your webhooks could not be loaded.").message}</p>
            <Button variant="link" size="sm" className="h-auto" onClick={() => void hooks.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : hooks.data.endpoints.length === 0 ? (
          <p className="text-sm text-muted">No webhooks yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label="Your webhooks">
            {hooks.data.endpoints.map((e) => (
              <EndpointRow key={e.id} endpoint={e} />
            ))}
          </ul>
        )}
      </div>

      <CreateWebhookForm onCreated={(url, value) => setSecret({ url, value })} />
    </section>
  );
}

function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const id = useId();
  return (
    <Alert tone="info" className="mt-4">
      <div className="flex w-full min-w-0 flex-col gap-2">
        <p>
          Webhook added for <span className="break-all font-medium">{url}</span>. Copy its signing secret now:
          it is shown only this once (you can reveal it again here later).
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <InputField
              id={`${id}-secret`}
              label="Signing secret"
              value={secret}
              readOnly
              className="font-mono"
            />
          </div>
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(secret).then(
                () => notifySuccess("Secret copied"),
                () => {},
              )
            }
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (url: string, secret: string) => void }) {
  const create = useCreateWebhook();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CreateForm>({
    resolver: zodResolver(createForm),
    mode: "onTouched",
    defaultValues: EMPTY,
  });
  const eventsError = form.formState.errors.eventTypes?.message;

  const onSubmit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const created = await create.mutateAsync({
        url: v.url.trim(),
        description: v.description?.trim() || undefined,
        eventTypes: v.eventTypes as WebhookEventType[],
      });
      form.reset(EMPTY);
      onCreated(created.endpoint.url, created.secret);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.url) form.setError("url", { message: err.fields.url });
      setFailure(describeError(err, "The webhook could not be added.").message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4 border-t border-border pt-5">
      <h3 className="text-base font-semibold">Add a webhook</h3>
      {failure && <Alert tone="error">{failure}</Alert>}
      <FormInput
        form={form}
        name="url"
        id="webhook-url"
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/kairo-hook"
        autoComplete="off"
      />
      <FormInput form={form} name="description" id="webhook-description" label="Description (optional)" />
      <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex min-h-10 items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={type}
                className="size-4 accent-[var(--color-accent)]"
                {...form.register("eventTypes")}
              />
              <span>
                {WEBHOOK_EVENTS[type].label}
                <span className="ml-1 font-mono text-xs text-muted">{type}</span>
                {!WEBHOOK_EVENTS[type].sentToday && (
                  <span className="ml-1 text-xs text-muted">(coming soon)</span>
                )}
              </span>
            </label>
          ))}
        </div>
        {eventsError && (
          <p id="webhook-events-error" role="alert" className="mt-1 text-sm text-danger">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Adding..." : "Add webhook"}
        </Button>
      </div>
    </form>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const reveal = useRevealWebhookSecret();
  const logId = useId();
  const name = endpoint.description || endpoint.url;

  const reenable = async () => {
    try {
      await update.mutateAsync({ id: endpoint.id, body: { enabled: true } });
      notifySuccess("Webhook re-enabled", endpoint.url);
    } catch (err) {
      notifyError(err, { fallback: "The webhook could not be re-enabled." });
    }
  };
  const onDelete = async () => {
    if (!window.confirm(`Delete the webhook to ${endpoint.url}? Its delivery log goes with it.`)) return;
    try {
      await remove.mutateAsync(endpoint.id);
      notifySuccess("Webhook deleted");
    } catch (err) {
      notifyError(err, { fallback: "The webhook could not be deleted." });
    }
  };
  const onReveal = async () => {
    try {
      setSecret((await reveal.mutateAsync(endpoint.id)).secret);
    } catch (err) {
      notifyError(err, { fallback: "The secret could not be shown." });
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4" aria-label={`Webhook ${name}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="break-all">{endpoint.url}</span>
            {endpoint.enabled ? <Badge tone="accent">Active</Badge> : <Badge tone="danger">Disabled</Badge>}
          </p>
          {endpoint.description && <p className="text-sm text-muted">{endpoint.description}</p>}
          <p className="mt-1 flex flex-wrap gap-1">
            {endpoint.eventTypes.map((t) => (
              <Badge key={t}>{WEBHOOK_EVENTS[t].label}</Badge>
            ))}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={logId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? "Hide delivery log" : "Delivery log"}
          </Button>
          <Button variant="ghost" size="sm" onClick={onReveal} disabled={reveal.isPending}>
            <KeyRound aria-hidden="true" />
            Reveal secret
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            disabled={remove.isPending}
            aria-label={`Delete webhook ${name}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {!endpoint.enabled && (
        <Alert tone="error">
          <div className="flex flex-col gap-2">
            <p>
              Kairo stopped sending to this webhook
              {endpoint.disabledAt
                ? ` ${formatDistanceToNow(new Date(endpoint.disabledAt), { addSuffix: true })}`
                : ""}
              . {endpoint.disabledReason}
            </p>
            <div>
              <Button size="sm" onClick={reenable} disabled={update.isPending}>
                {update.isPending ? "Re-enabling..." : "Re-enable"}
              </Button>
            </div>
          </div>
        </Alert>
      )}
      {secret && (
        <InputField
          id={`${logId}-secret`}
          label="Signing secret"
          value={secret}
          readOnly
          className="font-mono"
        />
      )}
      {open && (
        <div id={logId}>
          <DeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  );
}

const statusTone = { delivered: "accent", failed: "danger", pending: "neutral" } as const;
const statusLabel = { delivered: "Delivered", failed: "Failed", pending: "Retrying" } as const;

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointDto }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  if (deliveries.isPending) return <Spinner className="justify-start" label="Loading..." visibleLabel />;
  if (deliveries.isError)
    return (
      <Alert tone="error">
        <p>{describeError(deliveries.error, "The delivery log could not be loaded.").message}</p>
        <Button variant="link" size="sm" className="h-auto" onClick={() => void deliveries.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (deliveries.data.deliveries.length === 0)
    return (
      <p className="text-sm text-muted">No deliveries yet. Events you chose appear here as they are sent.</p>
    );
  return (
    <ul className="flex flex-col gap-2" aria-label={`Delivery log of ${endpoint.url}`}>
      {deliveries.data.deliveries.map((d) => (
        <DeliveryRow key={d.id} endpoint={endpoint} delivery={d} />
      ))}
    </ul>
  );
}

function DeliveryRow({ endpoint, delivery }: { endpoint: WebhookEndpointDto; delivery: WebhookDeliveryDto }) {
  const redeliver = useRedeliverWebhook();
  const last = delivery.log[0];
  const onRedeliver = async () => {
    try {
      await redeliver.mutateAsync({ id: endpoint.id, deliveryId: delivery.id });
      notifySuccess("Redelivery queued", delivery.eventType);
    } catch (err) {
      notifyError(err, { fallback: "The delivery could not be sent again." });
    }
  };
  return (
    <li
      className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      aria-label={`${delivery.eventType}, ${statusLabel[delivery.status]}`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono">{delivery.eventType}</span>
          <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
          {delivery.lastStatusCode !== null && <Badge>HTTP {delivery.lastStatusCode}</Badge>}
        </p>
        <p className="text-xs text-muted">
          {formatDistanceToNow(new Date(delivery.createdAt), { addSuffix: true })} · {delivery.attempts}{" "}
          {delivery.attempts === 1 ? "attempt" : "attempts"}
          {last ? ` · ${last.durationMs} ms` : ""}
          {delivery.nextAttemptAt
            ? ` · next try ${formatDistanceToNow(new Date(delivery.nextAttemptAt), { addSuffix: true })}`
            : ""}
        </p>
        {last?.error && <p className="text-xs text-danger">{last.error}</p>}
        {last?.responseExcerpt && (
          <p className="truncate font-mono text-xs text-muted" title={last.responseExcerpt}>
            {last.responseExcerpt}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onRedeliver}
        disabled={redeliver.isPending || delivery.status === "pending" || !endpoint.enabled}
        aria-label={`Redeliver ${delivery.eventType} (${delivery.messageId})`}
      >
        <RotateCw aria-hidden="true" />
        Redeliver
      </Button>
    </li>
  );
}
