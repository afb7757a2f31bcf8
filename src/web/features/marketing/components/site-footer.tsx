import type { ComponentType, ReactNode, SVGProps } from "react";
import { Link } from "react-router";
import { siteConfig } from "#shared/domain/site-config.ts";
import { Logo } from "../../../components/layout/logo.tsx";
import { paths } from "../../../config/paths.ts";
import { sectionIds } from "../sections.ts";
import { Container } from "./container.tsx";
import { GitHubIcon, LinkedInIcon, XIcon } from "./social-icons.tsx";

export type FooterLink = { label: string; to: string };

const socialMeta: Record<
  keyof typeof siteConfig.social,
  { name: string; icon: ComponentType<SVGProps<SVGSVGElement>> }
> = {
  x: { name: "X", icon: XIcon },
  github: { name: "GitHub", icon: GitHubIcon },
  linkedin: { name: "LinkedIn", icon: LinkedInIcon },
};

const linkClass =
  "inline-flex min-h-11 items-center text-sm text-muted transition-colors hover:text-foreground sm:min-h-0 sm:py-1";

function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-0 sm:space-y-2">{children}</ul>
    </nav>
  );
}

/** The landing page's footer. Legal links come from the route, which owns the legal pages' list. */
export function SiteFooter({ legalLinks }: { legalLinks: readonly FooterLink[] }) {
  const year = new Date().getFullYear();
  const socials = Object.entries(siteConfig.social) as [
    keyof typeof siteConfig.social,
    (typeof siteConfig.social)[keyof typeof siteConfig.social],
  ][];

  return (
    <footer className="border-t border-border bg-surface">
      <Container className="py-12 sm:py-16">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <Link to={paths.home} className="-m-1 inline-block rounded-lg p-1">
              <Logo />
            </Link>
            <p className="mt-3 max-w-xs text-sm text-muted">{siteConfig.description}</p>
            <ul className="mt-4 -ml-3 flex gap-1">
              {socials.map(([key, profile]) => {
                const { name, icon: Icon } = socialMeta[key];
                return (
                  <li key={key}>
                    <a
                      href={profile.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${siteConfig.name} on ${name} (opens in a new tab)`}
                      className="grid size-11 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
                    >
                      <Icon className="size-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>

          <FooterColumn id="footer-product" title="Product">
            <li>
              <a href={`#${sectionIds.features}`} className={linkClass}>
                Features
              </a>
            </li>
            <li>
              <a href={`#${sectionIds.pricing}`} className={linkClass}>
                Pricing
              </a>
            </li>
            <li>
              <Link to={paths.dashboard} className={linkClass}>
                Dashboard
              </Link>
            </li>
          </FooterColumn>

          <FooterColumn id="footer-company" title="Company">
            {["About", "Careers", "Blog"].map((label) => (
              <li key={label} className="flex min-h-11 items-center text-sm text-muted sm:min-h-0 sm:py-1">
                {label} (coming soon)
              </li>
            ))}
            <li>
              <a href={`mailto:${siteConfig.supportEmail}`} className={linkClass}>
                Contact
              </a>
            </li>
          </FooterColumn>

          <FooterColumn id="footer-legal" title="Legal">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </FooterColumn>
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {siteConfig.name}. All rights reserved.
          </p>
          <p>
            Questions?{" "}
            <a
              href={`mailto:${siteConfig.supportEmail}`}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              {siteConfig.supportEmail}
            </a>
          </p>
        </div>
      </Container>
    </footer>
  );
}
