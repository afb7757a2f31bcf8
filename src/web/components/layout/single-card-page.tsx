// A signed-in page that holds one card under a slim header (logo home, theme, account menu): the
// team invitation and the OAuth consent.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";
import { SectionBoundary } from "../section-boundary.tsx";
import { Logo } from "./logo.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

export function SingleCardPage({
  title,
  what,
  children,
}: {
  title: string;
  what: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-surface">
      <title>{`${title} · Kairo`}</title>
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-xl items-center justify-between px-4">
          <Link to={paths.dashboard} aria-label="Kairo dashboard">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-8">
        <SectionBoundary what={what}>{children}</SectionBoundary>
      </main>
    </div>
  );
}
