// `npm run dev` only: Vite serves landing.html without the build's pre-rendered page, so render it.
import { createRoot } from "react-dom/client";
import { LandingPage } from "#web/features/marketing/components/landing-page.tsx";

createRoot(document.getElementById("root")!).render(<LandingPage />);
