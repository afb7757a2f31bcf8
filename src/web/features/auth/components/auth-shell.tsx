import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "#web/components/layout/logo.tsx";
import { paths } from "#web/config/paths.ts";

/** The calm frame of the sign-in, sign-up and password pages. */
export function AuthShell({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Link to="/" aria-label="Kairo home">
          <Logo />
        </Link>
      </header>
      <main
        className={
          aside
            ? "mx-auto grid max-w-5xl gap-10 px-6 pb-16 md:grid-cols-2 md:items-start"
            : "mx-auto max-w-md px-6 pb-16"
        }
      >
        {aside}
        <div className="rounded-lg border border-border bg-background p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** The line under the sign-in and sign-up forms: by {action} you agree to the terms and privacy policy. */
export function TermsNotice({ action }: { action: string }) {
  return (
    <p className="text-center text-xs text-muted">
      By {action} you agree to our{" "}
      <Link to={paths.termsAlt} className="underline">
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link to={paths.privacyAlt} className="underline">
        Privacy Policy
      </Link>
      .
    </p>
  );
}
