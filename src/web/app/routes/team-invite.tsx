// /team/invite/:id — the link in a team invitation email. Sign-in is required (the guard sends a
// visitor to /login and back); accepting joins the team and opens the Team Workspace.
import { Link, useParams } from "react-router";
import { Logo } from "#web/components/layout/logo.tsx";
import { ThemeToggle } from "#web/components/layout/theme-toggle.tsx";
import { UserMenu } from "#web/components/layout/user-menu.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { paths } from "#web/config/paths.ts";
import { AcceptInvitationCard } from "#web/features/team/components/accept-invitation-card.tsx";

export function Component() {
  const { id = "" } = useParams();
  return (
    <div className="min-h-dvh bg-surface">
      <title>Team invitation · Kairo</title>
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
        <SectionBoundary what="The invitation">
          <AcceptInvitationCard id={id} />
        </SectionBoundary>
      </main>
    </div>
  );
}
