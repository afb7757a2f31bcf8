// What "/" renders, once at build time to HTML (prerender.tsx) and again in the browser to hydrate
// it (main.tsx): both must render exactly this tree.
import { StrictMode } from "react";
import { LandingPage } from "../features/marketing/components/landing-page.tsx";

export function LandingRoot() {
  return (
    <StrictMode>
      <LandingPage />
    </StrictMode>
  );
}
