// Which addresses Kairo's server may send a request to on a person's behalf (webhook endpoints, Web
// Push services). Anyone can type a URL, so without this rule a person could make the server reach
// what only it can reach: itself, the private network behind it, and the cloud's metadata service
// (credentials). Refused: loopback, private, shared (CGNAT), link-local, multicast, reserved and
// documentation ranges of IPv4 and IPv6, IPv6 forms that carry an IPv4 address inside (mapped,
// compatible, NAT64, 6to4, Teredo) judged by the address inside, and the metadata addresses that lie
// in public space (Azure's 168.63.129.16). An operator's allow list names hosts, addresses or ranges
// trusted anyway (a receiver on the LAN, the tests' server on 127.0.0.1).
//
// A host name is judged by every address it resolves to, and the caller must then connect to the
// very address that was judged (safe-request.ts pins it), so a name that answers a public address
// to the check and a private one to the connection (DNS rebinding) gets nowhere.
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

const v4Blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT; Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (AWS, GCP, Azure, OpenStack metadata 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 3], // multicast, reserved, broadcast
  ["168.63.129.16", 32], // Azure's wire server / metadata, in public space
] as const)
  v4Blocked.addSubnet(net, prefix, "ipv4");

const v6Blocked = new BlockList();
for (const [net, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
  ["5f00::", 16], // segment routing
  ["fc00::", 7], // unique local (AWS's IPv6 metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  v6Blocked.addSubnet(net, prefix, "ipv6");

/** The 16 bytes of an IPv6 address (any textual form, an embedded dotted quad included), or null. */
export function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  if (isIP(text) !== 6) return null;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = Number.parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  return bytes;
}

const dotted = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), or null. */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d, mapped: the socket reaches a.b.c.d.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(b, 12);
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48, NAT64: a translator reaches a.b.c.d.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return dotted(b, 12);
  // 2002:aabb:ccdd::/48, 6to4: relays reach a.b.c.d.
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b, 2);
  return null;
}

/**
 * Whether an IP address must not be sent to: loopback, private, shared, link-local, multicast,
 * reserved, documentation or cloud metadata, including IPv6 forms that carry such an IPv4 address.
 * Anything that is not an IP address counts as not public.
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address.split("%")[0]!);
  if (family === 4) return v4Blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return v4Blocked.check(inner, "ipv4");
  const bytes = ipv6Bytes(address)!;
  const canonical = Array.from({ length: 8 }, (_, i) =>
    ((bytes[i * 2]! << 8) | bytes[i * 2 + 1]!).toString(16),
  ).join(":");
  return v6Blocked.check(canonical, "ipv6");
}

/** A host as the URL parser writes it, without IPv6 brackets, lower case. */
export const bareHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");

/** Host names that only mean something inside a network (and GCP's metadata.google.internal). */
export function isLocalName(host: string): boolean {
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".local") ||
    host.endsWith(".internal") ||
    host.endsWith(".home.arpa") ||
    !host.includes(".")
  );
}

export type AddressResolver = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export const systemResolver: AddressResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/**
 * The operator's allow list: host names (any port, as written in the URL), IP addresses, and
 * CIDR ranges ("10.1.0.0/16", "fd00::/8") whose addresses are trusted though not public.
 */
export type AllowList = {
  host(host: string): boolean;
  address(address: string): boolean;
};

export function createAllowList(entries: readonly string[]): AllowList {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const raw of entries) {
    const entry = bareHost(raw);
    if (!entry) continue;
    const [net, prefix] = entry.split("/");
    const family = isIP(net ?? "");
    if (family && prefix !== undefined)
      ranges.addSubnet(net!, Number(prefix), family === 4 ? "ipv4" : "ipv6");
    else if (family) ranges.addAddress(net!, family === 4 ? "ipv4" : "ipv6");
    else names.add(entry);
  }
  return {
    host: (host) => names.has(bareHost(host)) || (isIP(bareHost(host)) !== 0 && ranges.check(bareHost(host))),
    address: (address) => {
      const family = isIP(address);
      if (!family) return false;
      return ranges.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

/** Whether `entry` is a valid allow-list entry (for the environment's schema). */
export function isAllowListEntry(entry: string): boolean {
  const bare = bareHost(entry);
  const [net, prefix, extra] = bare.split("/");
  if (extra !== undefined) return false;
  const family = isIP(net ?? "");
  if (prefix !== undefined) {
    const n = Number(prefix);
    return family !== 0 && Number.isInteger(n) && n >= 0 && n <= (family === 4 ? 32 : 128);
  }
  return family !== 0 || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(bare);
}

export type ResolvedTarget = { address: string; family: 4 | 6 };

export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

/**
 * Resolves `host` once and returns the address to connect to, or throws AddressRefused when the
 * host (or any address it resolves to) is not public and the allow list does not trust it. Every
 * address must pass, not only the chosen one: a name mixing public and private answers is refused.
 */
export async function resolvePublicTarget(
  host: string,
  allow: AllowList,
  resolve: AddressResolver = systemResolver,
): Promise<ResolvedTarget> {
  const bare = bareHost(host);
  const family = isIP(bare);
  if (family) {
    if (isNonPublicAddress(bare) && !allow.host(bare))
      throw new AddressRefused(`${bare} is a local or private address.`);
    return { address: bare, family: family === 4 ? 4 : 6 };
  }
  const trustedName = allow.host(bare);
  if (!trustedName && isLocalName(bare)) throw new AddressRefused(`${bare} is a local host name.`);
  let answers: ResolvedTarget[];
  try {
    answers = await resolve(bare);
  } catch {
    throw new AddressRefused(`${bare} does not resolve.`);
  }
  if (answers.length === 0) throw new AddressRefused(`${bare} does not resolve.`);
  if (!trustedName) {
    const bad = answers.find((a) => isNonPublicAddress(a.address) && !allow.address(a.address));
    if (bad) throw new AddressRefused(`${bare} resolves to a local or private address.`);
  }
  return answers[0]!;
}

/**
 * A `lookup` for Node's http(s) agents that applies the policy to the addresses the connection will
 * use: the check and the connection share one resolution, so DNS cannot answer differently between
 * them. For clients that resolve by themselves (web-push), given as their agent's `lookup`.
 */
export function guardedLookup(allow: AllowList, resolve: AddressResolver = systemResolver): LookupFunction {
  return (host, options, callback) => {
    resolvePublicTarget(host, allow, resolve).then(
      (t) => {
        if (options?.all) callback(null, [{ address: t.address, family: t.family }]);
        else callback(null, t.address, t.family);
      },
      (err: Error) => callback(Object.assign(err, { code: "EADDRREFUSED" }), "", 4),
    );
  };
}
