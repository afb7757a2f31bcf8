// Build-time only (vite.config.ts): the landing page as HTML, so "/" shows its content before any
// script has run.
import { renderToString } from "react-dom/server";
import { LandingRoot } from "./landing-root.tsx";

export function renderLanding(): string {
  return renderToString(<LandingRoot />);
}
