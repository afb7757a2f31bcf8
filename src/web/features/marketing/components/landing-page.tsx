// The whole landing page (spec section 2). Rendered by two hosts: the light entry served at "/"
// (src/web/landing/), pre-rendered at build time and hydrated, and the app's own "/" route for
// navigations inside the app. It must therefore render the same on the server and in the browser.
// Its parts style buttons with buttonVariants and join classes with clsx rather than <Button> and cn:
// Radix's Slot and tailwind-merge would take about 10 KB of the page's 90 KB script budget, so
// their class lists are written never to clash (size: null where a part sets its own height).
import { Features } from "./features.tsx";
import { FinalCta } from "./final-cta.tsx";
import { Hero } from "./hero.tsx";
import { Highlights } from "./highlights.tsx";
import { Pricing } from "./pricing.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { Testimonials } from "./testimonials.tsx";

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
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
      <SiteFooter />
    </div>
  );
}
