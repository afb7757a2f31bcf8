// The public landing page (spec section 2). Kept light: no data fetching beyond the shared session,
// no charts or toasts, only the marketing sections and lucide icons.
import { legalPages } from "../../features/legal/legal-pages.ts";
import { Features } from "../../features/marketing/components/features.tsx";
import { FinalCta } from "../../features/marketing/components/final-cta.tsx";
import { Hero } from "../../features/marketing/components/hero.tsx";
import { Highlights } from "../../features/marketing/components/highlights.tsx";
import { Pricing } from "../../features/marketing/components/pricing.tsx";
import { SiteFooter } from "../../features/marketing/components/site-footer.tsx";
import { SiteHeader } from "../../features/marketing/components/site-header.tsx";
import { Testimonials } from "../../features/marketing/components/testimonials.tsx";

export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Kairo: AI-assisted tasks, time and focus</title>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Hero />
        <Highlights />
        <Features />
        <Pricing />
        <Testimonials />
        <FinalCta />
      </main>
      <SiteFooter legalLinks={legalPages} />
    </div>
  );
}
