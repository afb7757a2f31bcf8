import type { ComponentType, ReactNode, SVGProps } from "react";
import { useSyncExternalStore } from "react";
import { type SiteLink, type SocialNetwork, siteConfig } from "#shared/domain/site-config.ts";
import { Logo } from "#web/components/layout/logo.tsx";
import { paths } from "#web/config/paths.ts";
import { PageLink } from "../navigation.tsx";
import { Container } from "./container.tsx";
import { GitHubIcon, LinkedInIcon, XIcon } from "./social-icons.tsx";

const socialIcons: Record<SocialNetwork, ComponentType<SVGProps<SVGSVGElement>>> = {
  x: XIcon,
  github: GitHubIcon,
  linkedin: LinkedInIcon,
};

const linkClass =
  "inline-flex min-h-11 items-center text-sm text-muted transition-colors hover:text-foreground sm:min-h-0 sm:py-1";

function FooterColumn({ id, title, links }: { id: string; title: string; links: readonly SiteLink[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-0 sm:space-y-2">
        {links.map((link) => (
          <li key={link.label}>
            <FooterLink link={link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FooterLink({ link }: { link: SiteLink }): ReactNode {
  if ("comingSoon" in link)
    return (
      <span className="flex min-h-11 items-center text-sm text-muted sm:min-h-0 sm:py-1">
        {link.label} (coming soon)
      </span>
    );
  // Sections of this page and mail addresses are plain anchors; other pages go through PageLink.
  const otherPage = link.href.startsWith("/") && !link.href.startsWith("/#");
  const Anchor = otherPage ? PageLink : "a";
  return (
    <Anchor href={link.href} className={linkClass}>
      {link.label}
    </Anchor>
  );
}

const neverChanges = () => () => {};

/**
 * The current year on the client; none in the pre-rendered page, which was built at another time
 * (rendering the build's year would not match the visitor's clock when the page hydrates).
 */
function useCurrentYear(): number | null {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => null,
  );
}

/** The landing page's footer, rendered from the site config (src/shared/domain/site-config.ts). */
export function SiteFooter() {
  const year = useCurrentYear();
  const socials = Object.entries(siteConfig.social) as [
    SocialNetwork,
    (typeof siteConfig.social)[SocialNetwork],
  ][];
  const { product, company, legal } = siteConfig.footer;

  return (
    <footer className="border-t border-border bg-surface">
      <Container className="py-12 sm:py-16">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-[1.5fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <PageLink href={paths.home} className="-m-1 inline-block rounded-lg p-1">
              <Logo />
            </PageLink>
            <p className="mt-3 max-w-xs text-sm text-muted">{siteConfig.description}</p>
            <ul className="mt-4 -ml-3 flex gap-1">
              {socials.map(([key, profile]) => {
                const Icon = socialIcons[key];
                return (
                  <li key={key}>
                    <a
                      href={profile.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${siteConfig.name} on ${profile.name} (opens in a new tab)`}
                      className="grid size-11 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
                    >
                      <Icon className="size-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>

          <FooterColumn id="footer-product" title="Product" links={product} />
          <FooterColumn id="footer-company" title="Company" links={company} />
          <FooterColumn id="footer-legal" title="Legal" links={legal} />
        </div>

        <div className="mt-12 flex flex-col gap-2 border-t border-border pt-6 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <span data-year>{year === null ? "" : `${year} `}</span>
            {siteConfig.name}. All rights reserved.
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
