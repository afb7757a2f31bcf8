import { RouterProvider } from "react-router";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { listenForServiceWorkerNavigation, registerServiceWorker } from "#web/lib/web-push.ts";
import { router } from "./router.tsx";

// The service worker (decision 280) shows Web Push notifications, opens their pages and keeps the
// app's files for an offline start. Registered once the page has loaded, so it never competes with
// the first render. The static demo has no server to push from and registers none.
if (!DEMO_MODE && typeof window !== "undefined") {
  // Opened offline, the app shows sign-in (no copy of the person's answers) or the tasks last loaded
  // with quick capture and the task form (decisions 281, 282): their files are fetched once the
  // worker controls the page, so that the worker keeps them.
  const keepSignIn = () => {
    for (const load of [
      () => import("./routes/login.tsx"),
      () => import("#web/features/tasks/components/tasks-section.tsx"),
      () => import("#web/features/tasks/components/task-form-dialog.tsx"),
      () => import("#web/features/quick-capture/components/quick-capture.tsx"),
    ])
      void load().catch(() => undefined);
  };
  const start = () => {
    void registerServiceWorker()?.catch(() => undefined);
    if (navigator.serviceWorker?.controller) keepSignIn();
    else navigator.serviceWorker?.addEventListener("controllerchange", keepSignIn, { once: true });
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  listenForServiceWorkerNavigation((url) => void router.navigate(url));
}

export function App() {
  return <RouterProvider router={router} />;
}
