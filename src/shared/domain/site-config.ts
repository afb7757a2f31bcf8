// Facts about Kairo shown in many places (footer, legal pages, emails, the error screen's bug report).
// The footer is rendered from `footer` alone, so a link added here appears on the landing page.

/** A footer entry: a link, or a page we have not written yet, shown as "coming soon" (spec: placeholders). */
export type SiteLink = { label: string; href: string } | { label: string; comingSoon: true };

export type LegalPageId = "terms" | "privacy" | "cookies" | "dpa";

const supportEmail = "support@kairo.app";

/** The legal pages in reading order, at the addresses the site links to (spec section 2). */
const legalPages: readonly { id: LegalPageId; label: string; href: string }[] = [
  { id: "terms", label: "Terms of Service", href: "/terms-of-service" },
  { id: "privacy", label: "Privacy Policy", href: "/privacy-policy" },
  { id: "cookies", label: "Cookie Policy", href: "/cookie-policy" },
  { id: "dpa", label: "Data Processing Agreement", href: "/dpa" },
];

export const siteConfig = {
  name: "Kairo",
  description: "AI-assisted tasks, time tracking and focus for individuals and teams.",
  supportEmail,
  privacyEmail: "privacy@kairo.app",
  legalEntity: "Kairo Labs",
  social: {
    x: { name: "X", handle: "@kairoapp", url: "https://x.com/kairoapp" },
    github: { name: "GitHub", handle: "kairo-app", url: "https://github.com/kairo-app" },
    linkedin: { name: "LinkedIn", handle: "kairo", url: "https://www.linkedin.com/company/kairo" },
  },
  legalPages,
  footer: {
    product: [
      { label: "Features", href: "/#features" },
      { label: "Pricing", href: "/#pricing" },
      { label: "Testimonials", href: "/#testimonials" },
      { label: "Dashboard", href: "/dashboard" },
    ],
    company: [
      { label: "About", comingSoon: true },
      { label: "Careers", comingSoon: true },
      { label: "Blog", comingSoon: true },
      { label: "Contact", href: `mailto:${supportEmail}` },
    ],
    legal: legalPages.map(({ label, href }) => ({ label, href })),
  } satisfies Record<string, readonly SiteLink[]>,
} as const;

export type SiteConfig = typeof siteConfig;
export type SocialNetwork = keyof SiteConfig["social"];

/** A mailto: address with subject and body encoded, e.g. for the bug report. */
export function mailtoLink(to: string, subject: string, body = ""): string {
  const params = new URLSearchParams({ subject, body });
  return `mailto:${to}?${params.toString().replace(/\+/g, "%20")}`;
}
