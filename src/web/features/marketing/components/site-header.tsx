import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Logo } from "#web/components/layout/logo.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { paths } from "#web/config/paths.ts";
import { useSession } from "#web/lib/session.ts";
import { PageLink, StartLink } from "../navigation.tsx";
import { sectionLinks } from "../sections.ts";
import { Container } from "./container.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function SiteHeader() {
  const signedIn = useSession().status === "signed-in";
  const primaryLabel = signedIn ? "Open dashboard" : "Start Free Trial";
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
    };
    const onResize = () => {
      if (window.matchMedia("(min-width: 768px)").matches) setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", onResize);
    };
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
      <Container className="flex h-16 items-center justify-between gap-4">
        <PageLink href={paths.home} className="-m-1 flex min-h-11 items-center rounded-lg p-1">
          <Logo />
        </PageLink>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-foreground"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {!signedIn && (
            <PageLink
              href={paths.login}
              className={buttonVariants({ variant: "ghost", className: "max-sm:hidden" })}
              data-signed-out-only
            >
              Sign In
            </PageLink>
          )}
          <StartLink className={buttonVariants({ className: "max-sm:hidden" })} data-start-label>
            {primaryLabel}
          </StartLink>
          <button
            type="button"
            className={buttonVariants({ variant: "ghost", size: null, className: "group size-11 md:hidden" })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            data-menu-toggle
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Menu aria-hidden="true" className="group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden group-aria-expanded:block" />
          </button>
        </div>
      </Container>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-border bg-background md:hidden"
        data-menu
      >
        <Container className="py-3">
          <nav aria-label="Menu">
            <ul className="flex flex-col">
              {sectionLinks.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    onClick={() => setMenuOpen(false)}
                    className="flex min-h-11 items-center rounded-lg px-3 text-base font-medium hover:bg-surface-2"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3 sm:hidden">
            {!signedIn && (
              <PageLink
                href={paths.login}
                className={buttonVariants({ variant: "outline", size: null, className: "h-11 px-4" })}
                data-signed-out-only
              >
                Sign In
              </PageLink>
            )}
            <StartLink className={buttonVariants({ size: null, className: "h-11 px-4" })} data-start-label>
              {primaryLabel}
            </StartLink>
          </div>
        </Container>
      </div>
    </header>
  );
}
