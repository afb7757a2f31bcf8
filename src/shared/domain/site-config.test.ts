import { describe, expect, it } from "vitest";
import { mailtoLink, type SiteLink, siteConfig } from "./site-config.ts";

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

  it("links every social profile over https with a handle and a name", () => {
    const profiles = Object.values(siteConfig.social);
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) {
      const url = new URL(profile.url);
      expect(url.protocol).toBe("https:");
      expect(url.hostname).not.toBe("");
      expect(profile.handle.length).toBeGreaterThan(0);
      expect(profile.name.length).toBeGreaterThan(0);
    }
    expect(new Set(profiles.map((p) => p.name)).size).toBe(profiles.length);
  });
});

describe("siteConfig.footer", () => {
  const { product, company, legal } = siteConfig.footer;
  const hrefOf = (links: readonly SiteLink[], label: string) => {
    const link = links.find((l) => l.label === label);
    return link && "href" in link ? link.href : undefined;
  };

  it("links the product: its sections on the landing page and the dashboard", () => {
    expect(product.map((l) => l.label)).toEqual(["Features", "Pricing", "Testimonials", "Dashboard"]);
    expect(hrefOf(product, "Features")).toBe("/#features");
    expect(hrefOf(product, "Pricing")).toBe("/#pricing");
    expect(hrefOf(product, "Dashboard")).toBe("/dashboard");
  });

  it("shows About, Careers and Blog as placeholders and contact by mail (spec, footer)", () => {
    expect(company.map((l) => l.label)).toEqual(["About", "Careers", "Blog", "Contact"]);
    for (const label of ["About", "Careers", "Blog"]) {
      const link = company.find((l) => l.label === label);
      expect(link && "comingSoon" in link && link.comingSoon, label).toBe(true);
    }
    expect(hrefOf(company, "Contact")).toBe(`mailto:${siteConfig.supportEmail}`);
  });

  it("links the four legal pages at the addresses the spec uses in links", () => {
    expect(legal).toEqual([
      { label: "Terms of Service", href: "/terms-of-service" },
      { label: "Privacy Policy", href: "/privacy-policy" },
      { label: "Cookie Policy", href: "/cookie-policy" },
      { label: "Data Processing Agreement", href: "/dpa" },
    ]);
    expect(siteConfig.legalPages.map((p) => p.id)).toEqual(["terms", "privacy", "cookies", "dpa"]);
  });

  it("has no two links with the same label in a column, and only our pages or mail as targets", () => {
    for (const links of [product, company, legal] as const) {
      expect(new Set(links.map((l) => l.label)).size).toBe(links.length);
      for (const link of links as readonly SiteLink[]) {
        if ("href" in link) expect(link.href).toMatch(/^(\/|mailto:[^\s@]+@[^\s@]+$)/);
      }
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
