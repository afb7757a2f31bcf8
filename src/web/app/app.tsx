import { RouterProvider } from "react-router";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { listenForServiceWorkerNavigation, registerServiceWorker } from "#web/lib/web-push.ts";
import { router } from "./router.tsx";

// The service worker (decision 280) shows Web Push notifications and opens their pages. Registered
// once the page has loaded, so it never competes with the first render. The static demo has no
// server to push from and registers none.
if (!DEMO_MODE && typeof window !== "undefined") {
  const register = () => void registerServiceWorker()?.catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
  listenForServiceWorkerNavigation((url) => void router.navigate(url));
}

export function App() {
  return <RouterProvider router={router} />;
}
