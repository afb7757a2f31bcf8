// Entry of the page served at "/": React alone, no router and no query client, to stay within the
// landing page's script budget (docs/decisions/011-light-landing-entry.md). The build fills #root
// with the pre-rendered page, which is hydrated here; the dev server serves it empty, so it renders.
import "../styles.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { LandingRoot } from "./landing-root.tsx";

const container = document.getElementById("root")!;
if (container.hasChildNodes()) hydrateRoot(container, <LandingRoot />);
else createRoot(container).render(<LandingRoot />);
