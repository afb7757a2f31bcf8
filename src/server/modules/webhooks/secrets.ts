// An endpoint's signing secret: made here, sealed with the server secret before it is stored
// (bound to its endpoint, so a sealed value copied onto another row does not open), opened to sign
// and for its owner's reveal. It never reaches a log.
import { randomBytes } from "node:crypto";
import type { SecretBox } from "../../crypto/secret-box.ts";

/** "whsec_" and 32 random bytes in base64, the form Standard Webhooks libraries read. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

const context = (endpointId: string) => `webhook:${endpointId}`;

export function sealSecret(box: SecretBox, endpointId: string, secret: string): string {
  return box.seal(secret, context(endpointId));
}

export function openSecret(box: SecretBox, endpointId: string, sealed: string): string {
  return box.open(sealed, context(endpointId));
}
