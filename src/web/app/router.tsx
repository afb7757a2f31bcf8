// Every route of the spec's route table, each loaded lazily so a page downloads only its own code.
import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunction } from "react-router";
import { AppErrorScreen } from "#web/components/errors/app-error-screen.tsx";
import { FullPageSpinner } from "#web/components/ui/spinner.tsx";
import { RootLayout } from "./layouts/root-layout.tsx";

/**
 * A route whose loader lives in its own small module (decision 105): React Router fetches the two
 * modules side by side and runs the loader as soon as its module arrives, so the page's first requests
 * start while the page's own code is still downloading.
 */
function withLoader(
  loader: () => Promise<{ loader: LoaderFunction }>,
  page: () => Promise<{ Component: ComponentType }>,
) {
  return {
    loader: async () => (await loader()).loader,
    Component: async () => (await page()).Component,
  };
}

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    ErrorBoundary: AppErrorScreen,
    HydrateFallback: FullPageSpinner,
    children: [
      { index: true, lazy: () => import("./routes/landing.tsx") },
      { path: "login", lazy: () => import("./routes/login.tsx") },
      { path: "signup", lazy: () => import("./routes/signup.tsx") },
      { path: "auth/callback", lazy: () => import("./routes/auth-callback.tsx") },
      { path: "auth/reset-password", lazy: () => import("./routes/reset-password.tsx") },
      { path: "terms", lazy: () => import("./routes/legal/terms.tsx") },
      { path: "terms-of-service", lazy: () => import("./routes/legal/terms.tsx") },
      { path: "privacy", lazy: () => import("./routes/legal/privacy.tsx") },
      { path: "privacy-policy", lazy: () => import("./routes/legal/privacy.tsx") },
      { path: "cookies", lazy: () => import("./routes/legal/cookies.tsx") },
      { path: "cookie-policy", lazy: () => import("./routes/legal/cookies.tsx") },
      { path: "dpa", lazy: () => import("./routes/legal/dpa.tsx") },
      { path: "oauth/authorize", lazy: () => import("./routes/oauth-authorize.tsx") },
      {
        lazy: () => import("./guards/require-auth.tsx"),
        children: [
          {
            path: "settings",
            lazy: withLoader(
              () => import("./loaders/settings.ts"),
              () => import("./routes/settings.tsx"),
            ),
          },
          { path: "calendar-callback", lazy: () => import("./routes/calendar-callback.tsx") },
          { path: "billing/checkout/:id", lazy: () => import("./routes/billing-checkout.tsx") },
          { path: "billing/portal", lazy: () => import("./routes/billing-portal.tsx") },
          { path: "team/invite/:id", lazy: () => import("./routes/team-invite.tsx") },
          { path: "oauth/consent/:id", lazy: () => import("./routes/oauth-consent.tsx") },
          {
            lazy: () => import("./layouts/dashboard-layout.tsx"),
            children: [
              { path: "dashboard", lazy: () => import("./routes/dashboard.tsx") },
              {
                path: "ai-insights",
                lazy: withLoader(
                  () => import("./loaders/ai-insights.ts"),
                  () => import("./routes/ai-insights.tsx"),
                ),
              },
              {
                path: "workflow-automation",
                lazy: withLoader(
                  () => import("./loaders/workflow-automation.ts"),
                  () => import("./routes/workflow-automation.tsx"),
                ),
              },
              {
                path: "team-workspace",
                lazy: withLoader(
                  () => import("./loaders/team-workspace.ts"),
                  () => import("./routes/team-workspace.tsx"),
                ),
              },
              { path: "projects", lazy: () => import("./routes/projects.tsx") },
              { path: "projects/:id", lazy: () => import("./routes/project.tsx") },
              { path: "assigned", lazy: () => import("./routes/assigned.tsx") },
              { path: "admin/*", lazy: () => import("./routes/admin.tsx") },
            ],
          },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found.tsx") },
    ],
  },
]);
