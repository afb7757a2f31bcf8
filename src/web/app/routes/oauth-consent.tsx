// /oauth/consent/:id — where /oauth/authorize sends a signed-in person: the app asks for access,
// the person approves or denies (spec section 7's consent calls). Sign-in is required.
import { Link, useParams } from "react-router";
import { Logo } from "#web/components/layout/logo.tsx";
import { ThemeToggle } from "#web/components/layout/theme-toggle.tsx";
import { UserMenu } from "#web/components/layout/user-menu.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { paths } from "#web/config/paths.ts";
import { ConsentCard } from "#web/features/platform/components/consent-card.tsx";

export function Component() {
  const { id = "" } = useParams();
  return (
    <div className="min-h-dvh bg-surface">
      <title>Allow access · Kairo</title>
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
        <SectionBoundary what="The request">
          <ConsentCard id={id} />
        </SectionBoundary>
      </main>
    </div>
  );
}
