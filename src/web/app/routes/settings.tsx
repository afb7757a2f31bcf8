// /settings: sections in the spec's order, under a top bar with the logo and the avatar menu. Each
// section has its own boundary: one that fails to load shows its load-error card, the rest still work.
import type { ComponentType } from "react";
import { Link } from "react-router";
import { Logo } from "#web/components/layout/logo.tsx";
import { ThemeToggle } from "#web/components/layout/theme-toggle.tsx";
import { UserMenu } from "#web/components/layout/user-menu.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { paths } from "#web/config/paths.ts";
import { YourData } from "#web/features/account/components/your-data.tsx";
import { SubscriptionBilling } from "#web/features/billing/components/subscription-billing.tsx";
import { CalendarIntegrations } from "#web/features/calendar-integrations/components/calendar-integrations.tsx";
import { ImportExport } from "#web/features/import/components/import-export.tsx";
import { PlanningSettings } from "#web/features/planner/components/planning-settings.tsx";
import { ConnectedApps } from "#web/features/platform/components/connected-apps.tsx";
import { DeveloperSettings } from "#web/features/platform/components/developer-settings.tsx";
import { NotificationSettings } from "#web/features/preferences/components/notification-settings.tsx";
import { PrivacySettings } from "#web/features/preferences/components/privacy-settings.tsx";
import { AccountInformation } from "#web/features/profile/components/account-information.tsx";
import { ActiveSessions } from "#web/features/security/components/active-sessions.tsx";
import { ChangePassword } from "#web/features/security/components/change-password.tsx";
import { TwoFactorSettings } from "#web/features/security/components/two-factor-settings.tsx";
import { WebhookSettings } from "#web/features/webhooks/components/webhook-settings.tsx";

/** The free plan's second calendar offers the plans, one section up on this page. */
function CalendarSettings() {
  return (
    <CalendarIntegrations
      upgradeAction={
        <a href="#billing" className={buttonVariants({ size: "sm" })}>
          Upgrade to Pro
        </a>
      }
    />
  );
}

/** Each section with the name its load-error card uses ("{name} could not be loaded."). */
const SECTIONS: ReadonlyArray<readonly [string, ComponentType]> = [
  ["Account information", AccountInformation],
  ["Subscription and billing", SubscriptionBilling],
  ["Change password", ChangePassword],
  ["Two-factor authentication", TwoFactorSettings],
  ["Calendar integrations", CalendarSettings],
  ["Planning", PlanningSettings],
  ["Notification settings", NotificationSettings],
  ["Privacy settings", PrivacySettings],
  ["Active sessions", ActiveSessions],
  ["Connected apps", ConnectedApps],
  ["Developer", DeveloperSettings],
  ["Webhooks", WebhookSettings],
  ["Import and export", ImportExport],
  ["Your data", YourData],
];

export function Component() {
  return (
    <div className="min-h-dvh bg-surface">
      <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4 sm:px-6">
          <Link to={paths.dashboard} aria-label="Kairo dashboard">
            <Logo />
          </Link>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        {SECTIONS.map(([what, Section]) => (
          <SectionBoundary key={what} what={what}>
            <Section />
          </SectionBoundary>
        ))}
      </main>
    </div>
  );
}
