import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "../../../components/layout/logo.tsx";

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
