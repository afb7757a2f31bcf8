import { describe, expect, it } from "vitest";
import { createOriginPolicy } from "./origin-policy.ts";

const headers = (h: Record<string, string>) => new Headers(h);

describe("the one origin rule", () => {
  describe("without PUBLIC_URL", () => {
    const policy = createOriginPolicy({ trustProxy: false });
    it("takes the address a request was sent to as the app's origin, whatever the host", () => {
      for (const host of ["localhost:3000", "127.0.0.1:3000", "192.168.1.20:3000"]) {
        const h = headers({ host, origin: `http://${host}` });
        expect(policy.judge(h), host).toBe("allow");
      }
    });
    it("refuses another host, another port, another scheme and a null origin", () => {
      for (const origin of [
        "https://evil.example",
        "http://127.0.0.1:3001",
        "https://127.0.0.1:3000",
        "null",
      ]) {
        expect(policy.judge(headers({ host: "127.0.0.1:3000", origin })), origin).toBe("refuse");
      }
    });
    it("reads the scheme from X-Forwarded-Proto only behind a trusted proxy", () => {
      const proxied = createOriginPolicy({ trustProxy: true });
      const h = {
        host: "kairo.example.com",
        "x-forwarded-proto": "https",
        origin: "https://kairo.example.com",
      };
      expect(proxied.judge(headers(h))).toBe("allow");
      expect(policy.judge(headers(h))).toBe("refuse");
    });
  });

  describe("with PUBLIC_URL", () => {
    const policy = createOriginPolicy({
      publicUrl: "https://kairo.example.com/app",
      trustedOrigins: ["https://admin.example.com"],
      trustProxy: false,
    });
    it("allows that origin and the TRUSTED_ORIGINS, whatever the Host", () => {
      for (const origin of ["https://kairo.example.com", "https://admin.example.com"]) {
        expect(policy.judge(headers({ host: "10.0.0.5:3000", origin })), origin).toBe("allow");
      }
    });
    it("refuses the address the request happened to reach", () => {
      expect(policy.judge(headers({ host: "10.0.0.5:3000", origin: "http://10.0.0.5:3000" }))).toBe("refuse");
    });
  });

  it("decides by Sec-Fetch-Site, then Referer, when Origin is missing, and lets header-less scripts through", () => {
    const policy = createOriginPolicy({ trustProxy: false });
    expect(policy.judge(headers({ host: "a:1", "sec-fetch-site": "cross-site" }))).toBe("refuse");
    expect(policy.judge(headers({ host: "a:1", referer: "http://a:1/dashboard" }))).toBe("allow");
    expect(policy.judge(headers({ host: "a:1", referer: "http://b:1/" }))).toBe("refuse");
    expect(policy.judge(headers({ host: "a:1" }))).toBe("allow");
  });
});
