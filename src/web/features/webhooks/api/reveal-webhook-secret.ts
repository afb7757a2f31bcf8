import { useMutation } from "@tanstack/react-query";
import { webhookSecretResponse } from "#shared/contracts/webhooks.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The endpoint's signing secret, for its owner: asked for on purpose, never cached. */
export const revealWebhookSecret = (id: string) =>
  apiFetch(`/api/webhooks/${id}/secret`, { method: "POST", schema: webhookSecretResponse });

export const useRevealWebhookSecret = () => useMutation({ mutationFn: revealWebhookSecret });
