import { describe, expect, it } from "vitest";
import {
  AddressRefused,
  createAllowList,
  embeddedIpv4,
  isAllowListEntry,
  isNonPublicAddress,
  resolvePublicTarget,
} from "./address-policy.ts";

describe("isNonPublicAddress", () => {
  it.each([
    // IPv4
    ["0.0.0.0", true],
    ["127.0.0.1", true],
    ["127.255.255.254", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["172.32.0.1", false],
    ["192.168.1.1", true],
    ["100.64.0.1", true],
    ["100.100.100.200", true], // Alibaba metadata
    ["169.254.169.254", true], // AWS, GCP, Azure metadata
    ["168.63.129.16", true], // Azure wire server
    ["192.0.0.192", true], // Oracle metadata
    ["192.0.2.10", true],
    ["198.18.0.1", true],
    ["224.0.0.1", true],
    ["255.255.255.255", true],
    ["8.8.8.8", false],
    ["93.184.216.34", false],
    ["1.1.1.1", false],
    // IPv6
    ["::", true],
    ["::1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["fe80::1", true],
    ["fe80::1%eth0", true],
    ["fd00::1", true],
    ["fd00:ec2::254", true], // AWS IPv6 metadata
    ["fc00::1", true],
    ["ff02::1", true],
    ["2001:db8::1", true],
    ["2001:0::1", true], // Teredo
    ["2606:4700:4700::1111", false],
    ["2a00:1450:4001:80b::200a", false],
    // IPv6 carrying IPv4
    ["::ffff:127.0.0.1", true],
    ["::ffff:7f00:1", true],
    ["::ffff:169.254.169.254", true],
    ["::ffff:a9fe:a9fe", true],
    ["::ffff:8.8.8.8", false],
    ["::127.0.0.1", true], // IPv4-compatible
    ["64:ff9b::a9fe:a9fe", true], // NAT64 of 169.254.169.254
    ["64:ff9b::808:808", false], // NAT64 of 8.8.8.8
    ["2002:7f00:1::", true], // 6to4 of 127.0.0.1
    ["2002:808:808::", false],
    // Not addresses
    ["localhost", true],
    ["", true],
    ["999.1.1.1", true],
  ])("%s → %s", (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });

  it("reads the IPv4 address inside mapped, NAT64 and 6to4 forms", () => {
    expect(embeddedIpv4("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(embeddedIpv4("::ffff:a00:1")).toBe("10.0.0.1");
    expect(embeddedIpv4("64:ff9b::c0a8:101")).toBe("192.168.1.1");
    expect(embeddedIpv4("2002:c0a8:101::1")).toBe("192.168.1.1");
    expect(embeddedIpv4("2606:4700::1")).toBeNull();
  });
});

const dns: Record<string, { address: string; family: 4 | 6 }[]> = {
  "hooks.example.com": [{ address: "93.184.216.34", family: 4 }],
  "v6.example.com": [{ address: "2606:4700:4700::1111", family: 6 }],
  "rebind.example.com": [
    { address: "93.184.216.34", family: 4 },
    { address: "10.0.0.7", family: 4 },
  ],
  "mapped.example.com": [{ address: "::ffff:127.0.0.1", family: 6 }],
  "lan.example.com": [{ address: "192.168.1.20", family: 4 }],
  "metadata.google.internal": [{ address: "169.254.169.254", family: 4 }],
};
const resolve = async (host: string) => dns[host] ?? [];

describe("resolvePublicTarget", () => {
  const none = createAllowList([]);
  it.each([
    ["hooks.example.com", "93.184.216.34"],
    ["v6.example.com", "2606:4700:4700::1111"],
    ["8.8.8.8", "8.8.8.8"],
    ["[2606:4700:4700::1111]", "2606:4700:4700::1111"],
  ])("sends to %s at %s", async (host, address) => {
    expect((await resolvePublicTarget(host, none, resolve)).address).toBe(address);
  });

  it.each([
    "127.0.0.1",
    "[::1]",
    "[::ffff:7f00:1]",
    "169.254.169.254",
    "localhost",
    "intranet",
    "metadata.google.internal",
    "rebind.example.com", // one private answer among public ones
    "mapped.example.com",
    "lan.example.com",
    "nowhere.example.com", // no answer
  ])("refuses %s", async (host) => {
    await expect(resolvePublicTarget(host, none, resolve)).rejects.toBeInstanceOf(AddressRefused);
  });

  it("trusts what the operator allows: a host name, an address, a range", async () => {
    const allow = createAllowList(["127.0.0.1", "lan.example.com", "10.0.0.0/8"]);
    expect((await resolvePublicTarget("127.0.0.1", allow, resolve)).address).toBe("127.0.0.1");
    expect((await resolvePublicTarget("lan.example.com", allow, resolve)).address).toBe("192.168.1.20");
    expect((await resolvePublicTarget("rebind.example.com", allow, resolve)).address).toBe("93.184.216.34");
    await expect(resolvePublicTarget("127.0.0.2", allow, resolve)).rejects.toBeInstanceOf(AddressRefused);
    await expect(resolvePublicTarget("[::1]", allow, resolve)).rejects.toBeInstanceOf(AddressRefused);
  });

  it("checks allow-list entries", () => {
    for (const ok of ["127.0.0.1", "hooks.lan", "10.0.0.0/8", "fd00::/8", "[::1]", "localhost"])
      expect(isAllowListEntry(ok), ok).toBe(true);
    for (const bad of ["10.0.0.0/33", "http://x", "a b", "10.0.0.0/8/1", "-x.lan", ""])
      expect(isAllowListEntry(bad), bad).toBe(false);
  });
});
