// Build-time only (vite.config.ts): the landing page as HTML, so "/" shows its content with no script
// at all; landing/enhance.ts then adds the few interactive parts (decision 031).
import { renderToStaticMarkup } from "react-dom/server";
import { LandingPage } from "#web/features/marketing/components/landing-page.tsx";

export function renderLanding(): string {
  return renderToStaticMarkup(<LandingPage />);
}
