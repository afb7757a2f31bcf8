import { describe, expect, it } from "vitest";
import { isNonPublicAddress } from "../outbound/address-policy.ts";
import { createEndpointPolicy, ENDPOINT_NOT_HTTPS, ENDPOINT_NOT_PUBLIC } from "./endpoint-policy.ts";

const dns: Record<string, string[]> = {
  "fcm.googleapis.com": ["142.250.74.106", "2a00:1450:4001:80b::200a"],
  "rebind.example.com": ["93.184.216.34", "10.0.0.7"],
  "push.lan": ["192.168.1.20"],
};
const policy = (allowlist: string[] = []) => createEndpointPolicy(allowlist, async (host) => dns[host] ?? []);

describe("push endpoint policy", () => {
  it.each([
    ["https://fcm.googleapis.com/fcm/send/abc", null],
    ["https://updates.push.services.mozilla.com/wpush/v2/abc", null],
    ["https://web.push.apple.com/QGuQyav", null],
    ["http://fcm.googleapis.com/fcm/send/abc", ENDPOINT_NOT_HTTPS],
    ["ftp://fcm.googleapis.com/x", ENDPOINT_NOT_HTTPS],
    ["https://127.0.0.1/x", ENDPOINT_NOT_PUBLIC],
    ["https://10.0.0.1/x", ENDPOINT_NOT_PUBLIC],
    ["https://172.20.1.1/x", ENDPOINT_NOT_PUBLIC],
    ["https://192.168.0.10/x", ENDPOINT_NOT_PUBLIC],
    ["https://169.254.169.254/latest/meta-data", ENDPOINT_NOT_PUBLIC],
    ["https://[::1]/x", ENDPOINT_NOT_PUBLIC],
    ["https://[fd00::1]/x", ENDPOINT_NOT_PUBLIC],
    ["https://[::ffff:127.0.0.1]/x", ENDPOINT_NOT_PUBLIC],
    ["https://localhost/x", ENDPOINT_NOT_PUBLIC],
    ["https://intranet/x", ENDPOINT_NOT_PUBLIC],
    ["https://8.8.8.8/x", null],
  ])("%s → %s", (endpoint, expected) => {
    expect(policy().check(endpoint)).toBe(expected);
  });

  it("lets an allowlisted host through on any port, and only that host", () => {
    const p = policy(["127.0.0.1", "push.lan"]);
    expect(p.check("https://127.0.0.1:8443/push/a")).toBeNull();
    expect(p.check("https://push.lan/x")).toBeNull();
    expect(p.check("https://127.0.0.2/x")).toBe(ENDPOINT_NOT_PUBLIC);
    // https stays required: the protocol needs TLS.
    expect(p.check("http://127.0.0.1:8080/x")).toBe(ENDPOINT_NOT_HTTPS);
  });

  it("refuses at send time a host that resolves to a private address (DNS rebinding)", async () => {
    expect(await policy().checkAddresses("https://fcm.googleapis.com/fcm/send/abc")).toBeNull();
    expect(await policy().checkAddresses("https://rebind.example.com/x")).toBe(ENDPOINT_NOT_PUBLIC);
    expect(await policy().checkAddresses("https://nowhere.example.com/x")).toBe(ENDPOINT_NOT_PUBLIC);
    expect(await policy(["push.lan"]).checkAddresses("https://push.lan/x")).toBeNull();
  });

  it("classifies addresses", () => {
    expect(isNonPublicAddress("100.64.0.1")).toBe(true);
    expect(isNonPublicAddress("224.0.0.1")).toBe(true);
    expect(isNonPublicAddress("1.1.1.1")).toBe(false);
    expect(isNonPublicAddress("2606:4700::1111")).toBe(false);
    expect(isNonPublicAddress("not an address")).toBe(true);
  });
});
