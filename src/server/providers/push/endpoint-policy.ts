// Which push endpoints Kairo will send to. A subscription's endpoint is an address the server later
// POSTs to on the person's behalf, so it must be a push service on the public internet: https (RFC
// 8030 requires TLS, and web-push speaks nothing else), no credentials in it, and not a loopback,
// private or link-local host (the rule webhooks share, outbound/address-policy.ts), whether written as an address or reached through DNS at send time.
// PUSH_ENDPOINT_ALLOWLIST names the hosts an operator trusts anyway (a self-hosted push service on
// the LAN, the tests' local stand-in).
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isLocalName, isNonPublicAddress } from "../outbound/address-policy.ts";

export const ENDPOINT_NOT_HTTPS = "A push endpoint must be an https address.";
export const ENDPOINT_NOT_PUBLIC =
  "A push endpoint must be a push service on the internet, not a local or private address.";

export type EndpointPolicy = {
  /** Why an endpoint is refused at subscription time, or null when it is taken. */
  check(endpoint: string): string | null;
  /** Why an endpoint is refused at send time (its host resolves to a non-public address), or null. */
  checkAddresses(endpoint: string): Promise<string | null>;
};

/** `allowlist`: host names or addresses ("push.lan", "127.0.0.1"), any port, trusted though not public. */
export function createEndpointPolicy(
  allowlist: readonly string[],
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true })).map((a) => a.address),
): EndpointPolicy {
  const trusted = new Set(
    allowlist.map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ""),
    ),
  );
  const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return {
    check(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return ENDPOINT_NOT_HTTPS;
      }
      if (url.protocol !== "https:") return ENDPOINT_NOT_HTTPS;
      if (url.username || url.password) return "A push endpoint must not carry a user name or password.";
      const host = hostOf(url);
      if (trusted.has(host)) return null;
      if (isIP(host) !== 0) return isNonPublicAddress(host) ? ENDPOINT_NOT_PUBLIC : null;
      if (isLocalName(host)) return ENDPOINT_NOT_PUBLIC;
      return null;
    },
    async checkAddresses(endpoint) {
      const refused = this.check(endpoint);
      if (refused) return refused;
      const host = hostOf(new URL(endpoint));
      if (trusted.has(host) || isIP(host) !== 0) return null;
      const addresses = await resolve(host);
      return addresses.length === 0 || addresses.some(isNonPublicAddress) ? ENDPOINT_NOT_PUBLIC : null;
    },
  };
}
