// The address rule at the door of webhook endpoints (the sender checks again at every attempt, on
// the address it connects to, safe-request.ts). Only kairo.ts imports this: it needs Node's DNS,
// which the static demo's bundle of the routes has none of.
import { AppError } from "#shared/errors/app-error.ts";
import {
  AddressRefused,
  type AddressResolver,
  type AllowList,
  bareHost,
  isLocalName,
  isNonPublicAddress,
  resolvePublicTarget,
  systemResolver,
} from "../../providers/outbound/address-policy.ts";

export const WEBHOOK_NOT_PUBLIC =
  "Webhooks can only be sent to public internet addresses, not to local, private or cloud-metadata ones.";
export const WEBHOOK_NOT_HTTPS = "A webhook URL must start with https://.";

/**
 * The address rule at the door (the sender checks again at every attempt, on the address it
 * connects to): https unless the operator allows the host, no credentials, and no host that is or
 * resolves to a local, private or metadata address. A name that does not resolve yet is taken.
 */
export async function checkWebhookUrl(
  raw: string,
  allow: AllowList,
  resolve: AddressResolver = systemResolver,
): Promise<void> {
  const url = new URL(raw);
  const host = bareHost(url.hostname);
  if (url.username || url.password)
    throw new AppError("VALIDATION", "A webhook URL must not carry a user name or password.");
  if (url.protocol !== "https:" && !allow.host(host)) throw new AppError("VALIDATION", WEBHOOK_NOT_HTTPS);
  if (allow.host(host)) return;
  if (isLocalName(host) || (host.includes(":") && isNonPublicAddress(host)))
    throw new AppError("VALIDATION", WEBHOOK_NOT_PUBLIC);
  try {
    await resolvePublicTarget(host, allow, resolve);
  } catch (err) {
    if (err instanceof AddressRefused && !/does not resolve/.test(err.message))
      throw new AppError("VALIDATION", WEBHOOK_NOT_PUBLIC);
  }
}
