import { describe, expect, it } from "vitest";
import { mailtoLink, siteConfig } from "./site-config.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

describe("siteConfig", () => {
  it("is named Kairo and describes itself", () => {
    expect(siteConfig.name).toBe("Kairo");
    expect(siteConfig.description.length).toBeGreaterThan(10);
  });

  it("has valid support and privacy addresses", () => {
    expect(siteConfig.supportEmail).toMatch(EMAIL);
    expect(siteConfig.privacyEmail).toMatch(EMAIL);
  });

  it("links every social profile over https with a handle", () => {
    const profiles = Object.values(siteConfig.social);
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) {
      const url = new URL(profile.url);
      expect(url.protocol).toBe("https:");
      expect(url.hostname).not.toBe("");
      expect(profile.handle.length).toBeGreaterThan(0);
    }
  });
});

describe("mailtoLink", () => {
  it("addresses the recipient and carries subject and body", () => {
    const link = mailtoLink(siteConfig.supportEmail, "Hello", "Hi there");
    expect(link.startsWith(`mailto:${siteConfig.supportEmail}?`)).toBe(true);
    const params = new URLSearchParams(link.slice(link.indexOf("?") + 1));
    expect(params.get("subject")).toBe("Hello");
    expect(params.get("body")).toBe("Hi there");
  });

  it("encodes spaces as %20, never +", () => {
    const link = mailtoLink("a@b.co", "Bug report from Kairo", "It broke on save");
    expect(link).toContain("subject=Bug%20report%20from%20Kairo");
    expect(link).toContain("body=It%20broke%20on%20save");
    expect(link).not.toContain("+");
  });

  it("encodes special characters so they cannot break the link", () => {
    const link = mailtoLink("a@b.co", "A & B = C?", "50% done\nline 2 #3 + more");
    expect(link).toContain("subject=A%20%26%20B%20%3D%20C%3F");
    expect(link).toContain("%25");
    expect(link).toContain("%0A");
    expect(link).toContain("%23");
    // A literal plus is encoded, not confused with an encoded space.
    expect(link).toContain("%2B");
    const query = link.slice(link.indexOf("?") + 1);
    expect(query.split("&")).toHaveLength(2);
    const params = new URLSearchParams(query);
    expect(params.get("subject")).toBe("A & B = C?");
    expect(params.get("body")).toBe("50% done\nline 2 #3 + more");
  });

  it("keeps non-ASCII text intact", () => {
    const link = mailtoLink("a@b.co", "Café · Zürich");
    expect(decodeURIComponent(link.split("subject=")[1]?.split("&")[0] ?? "")).toBe("Café · Zürich");
  });

  it("sends an empty body when none is given", () => {
    const params = new URLSearchParams(mailtoLink("a@b.co", "Hi").split("?")[1]);
    expect(params.get("body")).toBe("");
  });
});
