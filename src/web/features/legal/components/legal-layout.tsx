import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { LEGAL_DATE } from "#shared/domain/limits.ts";
import { type LegalPageId, siteConfig } from "#shared/domain/site-config.ts";
import { Logo } from "#web/components/layout/logo.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { paths } from "#web/config/paths.ts";

type LegalLayoutProps = {
  page: LegalPageId;
  /** One or two sentences under the title saying what the document is for. */
  summary: ReactNode;
  /** Shown under the summary, e.g. the DPA's download button. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * True when this tab has an earlier page of ours to go back to: an earlier entry of the app's router
 * (it keeps the index), or the landing page, which is its own document and linked here.
 */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  if (typeof state?.idx === "number" && state.idx > 0) return true;
  return (
    window.history.length > 1 &&
    document.referrer !== "" &&
    new URL(document.referrer).origin === window.location.origin
  );
}

export function LegalLayout({ page, summary, actions, children }: LegalLayoutProps) {
  const navigate = useNavigate();
  const current = siteConfig.legalPages.find((p) => p.id === page);
  const title = current?.label ?? "Legal";
  const others = siteConfig.legalPages.filter((p) => p.id !== page);

  return (
    <div className="flex min-h-dvh flex-col">
      <title>{`${title} · ${siteConfig.name}`}</title>
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Button
            variant="ghost"
            className="-ml-3 h-11 sm:h-10"
            onClick={() => (hasHistory() ? navigate(-1) : navigate(paths.home))}
          >
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Link to={paths.home} className="-m-1 flex min-h-11 items-center rounded-lg p-1">
            <Logo />
          </Link>
        </div>
      </header>

      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-16">
        <p className="text-sm font-medium text-accent">Legal</p>
        <h1 className="mt-2 text-[2rem] leading-tight font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated: {LEGAL_DATE}</p>
        <div className="mt-6 text-base leading-7 text-pretty sm:text-lg sm:leading-8">{summary}</div>
        {actions && <div className="mt-6">{actions}</div>}

        <div className="mt-10">{children}</div>

        <nav aria-labelledby="other-legal-pages" className="mt-16 border-t border-border pt-8">
          <h2 id="other-legal-pages" className="text-sm font-semibold">
            Other legal pages
          </h2>
          <ul className="mt-3 flex flex-col gap-x-6 sm:flex-row sm:flex-wrap">
            {others.map((p) => (
              <li key={p.id}>
                <Link
                  to={p.href}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-accent underline-offset-4 hover:underline sm:min-h-8"
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-1 px-4 py-6 text-sm text-muted sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {siteConfig.legalEntity}
          </p>
          <p>
            Questions?{" "}
            <a
              href={`mailto:${siteConfig.supportEmail}`}
              className="text-foreground underline-offset-4 hover:underline"
            >
              {siteConfig.supportEmail}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}
