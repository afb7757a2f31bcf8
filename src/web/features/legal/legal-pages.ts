import { paths } from "../../config/paths.ts";

export type LegalPageId = "terms" | "privacy" | "cookies" | "dpa";

/** The legal pages in reading order, at the addresses the rest of the site links to. */
export const legalPages: readonly { id: LegalPageId; label: string; to: string }[] = [
  { id: "terms", label: "Terms of Service", to: paths.termsAlt },
  { id: "privacy", label: "Privacy Policy", to: paths.privacyAlt },
  { id: "cookies", label: "Cookie Policy", to: paths.cookiesAlt },
  { id: "dpa", label: "Data Processing Agreement", to: paths.dpa },
];
