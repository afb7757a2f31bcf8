import { Link } from "react-router";
import { ERROR_SCREEN } from "#shared/domain/limits.ts";
import { siteConfig } from "#shared/domain/site-config.ts";
import { paths } from "#web/config/paths.ts";
import { LegalLayout } from "#web/features/legal/components/legal-layout.tsx";
import { LegalSection } from "#web/features/legal/components/legal-section.tsx";

const { name, privacyEmail } = siteConfig;

const stored = [
  {
    what: "Session cookie",
    where: "Cookie",
    purpose:
      "Keeps you signed in. HttpOnly (page scripts cannot read it), SameSite=Lax (not sent with requests started by other sites) and Secure over HTTPS.",
    lasts: "until you sign out, or after a period without use",
  },
  {
    what: "Two-factor sign-in",
    where: "Cookie",
    purpose:
      "Remembers a sign-in in progress while you enter your two-factor code. Same protections as above.",
    lasts: "for a few minutes",
  },
  {
    what: "Theme",
    where: "Local storage",
    purpose: "Remembers whether you chose the light or dark theme.",
    lasts: "until you clear it",
  },
  {
    what: "Sidebar",
    where: "Local storage",
    purpose: "Remembers whether you collapsed the dashboard sidebar.",
    lasts: "until you clear it",
  },
  {
    what: "Guided tour",
    where: "Local storage",
    purpose: "Remembers that you finished or skipped the tour, so it does not start again.",
    lasts: "until you clear it",
  },
  {
    what: "Error log",
    where: "Local storage",
    purpose: `The last ${ERROR_SCREEN.logsKept} errors the app met, kept on your device so you can include them in a bug report if you choose.`,
    lasts: "until you clear it",
  },
];

export function Component() {
  return (
    <LegalLayout
      page="cookies"
      summary={
        <p>
          {name} uses one essential cookie to keep you signed in, and your browser's local storage for a few
          preferences. There are no advertising or tracking cookies.
        </p>
      }
    >
      <LegalSection id="cookies-what" title="Cookies and local storage">
        <p>
          A cookie is a small piece of data your browser sends back to the website that set it. Local storage
          is similar, but stays on your device: it is never sent to our servers.
        </p>
      </LegalSection>

      <LegalSection id="cookies-list" title="What we store">
        <ul className="mt-6! grid list-none! gap-3 pl-0!">
          {stored.map((item) => (
            <li key={item.what} className="mt-0! rounded-lg border border-border p-4 pl-4! sm:p-5 sm:pl-5!">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{item.what}</span>
                <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
                  {item.where}
                </span>
              </div>
              <p className="mt-2! text-sm leading-6">{item.purpose}</p>
              <p className="mt-2! text-sm text-muted">Kept {item.lasts}</p>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection id="cookies-none" title="What we do not use">
        <p>
          No advertising cookies, no cross-site tracking and no third-party analytics cookies. Because the
          only cookie we set is essential for signing in, we do not ask for cookie consent.
        </p>
      </LegalSection>

      <LegalSection id="cookies-control" title="Your choices">
        <p>
          You can delete cookies and local storage in your browser settings at any time. Clearing local
          storage resets your preferences; blocking the session cookie means you cannot sign in.
        </p>
      </LegalSection>

      <LegalSection id="cookies-contact" title="Questions">
        <p>
          Write to <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>, or read our{" "}
          <Link to={paths.privacyAlt}>Privacy Policy</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
