// Facts about Kairo shown in many places (footer, legal pages, emails, the error screen's bug report).
export const siteConfig = {
  name: "Kairo",
  description: "AI-assisted tasks, time tracking and focus for individuals and teams.",
  supportEmail: "support@kairo.app",
  privacyEmail: "privacy@kairo.app",
  legalEntity: "Kairo Labs",
  social: {
    x: { handle: "@kairoapp", url: "https://x.com/kairoapp" },
    github: { handle: "kairo-app", url: "https://github.com/kairo-app" },
    linkedin: { handle: "kairo", url: "https://www.linkedin.com/company/kairo" },
  },
} as const;

export type SiteConfig = typeof siteConfig;

/** A mailto: address with subject and body encoded, e.g. for the bug report. */
export function mailtoLink(to: string, subject: string, body = ""): string {
  const params = new URLSearchParams({ subject, body });
  return `mailto:${to}?${params.toString().replace(/\+/g, "%20")}`;
}
