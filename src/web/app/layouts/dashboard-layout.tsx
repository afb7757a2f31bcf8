// The signed-in workspace frame: a collapsible left navigation (256 / 64 px, remembered), a top bar
// with the avatar menu, and under 768 px an overlay navigation plus a bottom tab bar.
import {
  Brain,
  CalendarDays,
  Home,
  ListChecks,
  Lock,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Wrench,
  X,
} from "lucide-react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useSearchParams } from "react-router";
import { FEATURES } from "#shared/domain/features.ts";
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from "#shared/domain/limits.ts";
import { PERMISSIONS } from "#shared/domain/permissions.ts";
import { isAdminRole } from "#shared/domain/roles.ts";
import { Logo } from "#web/components/layout/logo.tsx";
import { ThemeToggle } from "#web/components/layout/theme-toggle.tsx";
import { UserMenu } from "#web/components/layout/user-menu.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { dashboardSection, paths } from "#web/config/paths.ts";
import { DemoBanner } from "#web/features/demo/components/demo-banner.tsx";
import { HelpMenu } from "#web/features/help/components/help-menu.tsx";
import { NotificationBell } from "#web/features/notifications/components/notification-bell.tsx";
import { SidebarProjects } from "#web/features/projects/components/sidebar-projects.tsx";
import { openQuickCapture, useQuickCaptureShortcut } from "#web/features/quick-capture/open-quick-capture.ts";
import { useTeam } from "#web/features/team/api/get-team.ts";
import { usePresenceReporter } from "#web/features/team-workspace/hooks/use-presence-reporter.ts";
import { requestTour } from "#web/features/tour/tour-events.ts";
import { useTourWanted } from "#web/features/tour/use-tour-wanted.ts";
import { UpgradeDialogProvider, useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";
import { VoiceButton } from "#web/features/voice/components/voice-button.tsx";
import { openVoiceCommand, useVoiceCommandWanted } from "#web/features/voice/voice-events.ts";
import { cn } from "#web/lib/cn.ts";
import { DemoModeSlot } from "#web/lib/demo-slot.tsx";
import { useRealtimeSync } from "#web/lib/realtime.ts";
import { useSession } from "#web/lib/session.ts";
import { useMediaQuery } from "#web/lib/use-media-query.ts";
import { useFeatureAccess } from "../guards/use-feature-access.ts";
import { NAV_ITEMS, type NavItem } from "./nav-items.ts";

const COLLAPSE_KEY = "kairo-sidebar-collapsed";
const QuickCapture = lazy(() => import("#web/features/quick-capture/components/quick-capture.tsx"));
const TourLauncher = lazy(() => import("#web/features/tour/components/tour-launcher.tsx"));
const VoiceCommandDialog = lazy(() => import("#web/features/voice/components/voice-command-dialog.tsx"));
// Shown only inside the upgrade dialog (itself loaded when opened), which waits for it.
const TryDemoButton = lazy(() =>
  import("#web/features/demo/components/try-demo-button.tsx").then((m) => ({ default: m.TryDemoButton })),
);

function readCollapsed() {
  try {
    return localStorage.getItem(COLLAPSE_KEY) === "true";
  } catch {
    return false;
  }
}

export function Component() {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [overlayOpen, setOverlayOpen] = useState(false);
  // Ctrl+K works from the first render; the palette downloads when first asked for.
  const quickCaptureWanted = useQuickCaptureShortcut();
  // The voice dialog (and the date parser it shares with quick capture) downloads when first asked for.
  const voiceWanted = useVoiceCommandWanted();
  // The tour launcher downloads when the tour is due or asked for from the Help menu.
  const tourWanted = useTourWanted();
  const location = useLocation();
  const session = useSession();
  const isAdmin = isAdminRole(session.user?.role);
  useRealtimeSync();
  usePresenceReporter();

  // Close the overlay whenever the place changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setOverlayOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!overlayOpen) return;
    // An Escape a dialog above the overlay already used (the upgrade dialog) is not for the overlay.
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && !e.defaultPrevented && setOverlayOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [overlayOpen]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSE_KEY, String(!c));
      } catch {
        // not remembered in private mode
      }
      return !c;
    });
  };

  // The team's shared projects in the sidebar: asked only of a plan with the team (a free person's
  // call would be refused, and retried).
  const teamAccess = useFeatureAccess("team_collaboration");
  const team = useTeam(teamAccess === "granted").data?.team;
  const teams = team
    ? [{ id: team.id, name: team.name, canCreate: PERMISSIONS[team.myRole]["project.create"] }]
    : [];
  const items = NAV_ITEMS.filter((i) => !i.adminOnly || isAdmin);
  const narrow = !isMobile && collapsed;
  const width = narrow ? SIDEBAR_WIDTH_PX.collapsed : SIDEBAR_WIDTH_PX.expanded;

  return (
    <UpgradeDialogProvider demoAction={(onStarted) => <TryDemoButton onStarted={onStarted} />}>
      <div className="min-h-dvh bg-surface">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
        >
          Skip to content
        </a>
        {isMobile && overlayOpen && (
          <button
            type="button"
            aria-label="Close navigation"
            className="fixed inset-0 z-40 bg-black/40"
            onClick={() => setOverlayOpen(false)}
          />
        )}
        <aside
          aria-label="Main navigation"
          data-collapsed={narrow}
          style={{ width }}
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex flex-col border-r border-border bg-background transition-[width,transform] duration-200",
            isMobile && !overlayOpen && "-translate-x-full",
            isMobile && overlayOpen && "translate-x-0 shadow-xl",
          )}
          hidden={isMobile && !overlayOpen ? true : undefined}
        >
          <div
            className={cn(
              "flex h-16 items-center border-b border-border px-4",
              narrow ? "justify-center px-0" : "justify-between",
            )}
          >
            <Link to={paths.dashboard} aria-label="Kairo dashboard">
              <Logo compact={narrow} />
            </Link>
            {isMobile && (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Close navigation"
                onClick={() => setOverlayOpen(false)}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
          <nav data-tour="navigation" className="flex-1 overflow-y-auto p-2">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.id}>
                  <SidebarLink item={item} narrow={narrow} />
                </li>
              ))}
            </ul>
            <SidebarProjects narrow={narrow} teams={teams} />
          </nav>
          {!isMobile && (
            <div className="border-t border-border p-2">
              <Button
                variant="ghost"
                className={cn("w-full", narrow ? "justify-center px-0" : "justify-start")}
                aria-label={narrow ? "Expand sidebar" : "Collapse sidebar"}
                aria-expanded={!narrow}
                onClick={toggleCollapsed}
              >
                {narrow ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
                {!narrow && <span>Collapse</span>}
              </Button>
            </div>
          )}
        </aside>

        <div
          style={{ paddingLeft: isMobile ? 0 : width }}
          className="flex min-h-dvh flex-col transition-[padding] duration-200"
        >
          <header className="sticky top-0 z-30 flex h-16 items-center gap-1.5 sm:gap-3 border-b border-border bg-background/90 px-4 backdrop-blur sm:px-6">
            {isMobile && (
              <Button
                variant="ghost"
                size="icon"
                aria-label="Open navigation"
                aria-expanded={overlayOpen}
                data-tour="open-navigation"
                onClick={() => setOverlayOpen(true)}
              >
                <Menu aria-hidden="true" />
              </Button>
            )}
            <div className="flex-1" />
            <Button
              variant="outline"
              size="sm"
              onClick={openQuickCapture}
              aria-keyshortcuts="Control+K Meta+K"
              data-tour="quick-capture"
            >
              <Search aria-hidden="true" />
              <span className="hidden sm:inline">Quick capture</span>
              <kbd className="hidden rounded border border-border px-1 text-[11px] text-muted sm:inline">
                Ctrl K
              </kbd>
              <span className="sr-only sm:hidden">Quick capture</span>
            </Button>
            <NotificationBell />
            <TopBarVoice />
            <HelpMenu onRestartTour={requestTour} />
            <ThemeToggle />
            <UserMenu />
          </header>
          <DemoBanner />
          <DemoModeSlot />
          <main id="main" className={cn("flex-1 p-4 sm:p-6", isMobile && "pb-24")}>
            <Outlet />
          </main>
        </div>

        {isMobile && <BottomTabBar onTools={() => setOverlayOpen(true)} />}
        <Suspense fallback={null}>
          {quickCaptureWanted && <QuickCaptureWithUpgrade />}
          {tourWanted && <TourLauncher />}
          {voiceWanted && <VoiceDialogWithUpgrade />}
        </Suspense>
      </div>
    </UpgradeDialogProvider>
  );
}

function useIsActive(item: NavItem) {
  const location = useLocation();
  const [params] = useSearchParams();
  if (item.section) {
    return location.pathname === paths.dashboard && (params.get("section") ?? "overview") === item.section;
  }
  return item.to ? location.pathname.startsWith(item.to) : false;
}

function SidebarLink({ item, narrow }: { item: NavItem; narrow: boolean }) {
  const active = useIsActive(item);
  const access = useFeatureAccess(item.feature ?? "dashboard");
  const locked = item.feature !== undefined && access === "denied";
  const lockId = useId();
  const upgrade = useUpgradeDialog();
  const lockPlan = item.feature && FEATURES[item.feature].tiers.includes("pro") ? "pro" : "team";
  const lockText = item.feature ? `Upgrade to ${lockPlan === "pro" ? "Pro" : "Team"} to unlock` : "";
  const to = item.section ? dashboardSection(item.section) : item.to!;
  const Icon = item.icon;
  const link = (
    <NavLink
      to={to}
      aria-current={active ? "page" : undefined}
      aria-label={narrow ? item.label : undefined}
      aria-describedby={locked ? lockId : undefined}
      aria-haspopup={locked ? "dialog" : undefined}
      data-tour={`nav-${item.id}`}
      // A locked item opens the upgrade dialog on its plan; a new-tab click still follows the link
      // (to the route's Premium Feature card).
      onClick={
        locked
          ? (e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              upgrade.open(lockPlan);
            }
          : undefined
      }
      className={cn(
        "flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground",
        active && "bg-accent-soft/60 text-foreground",
        narrow && "justify-center px-0",
      )}
    >
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {!narrow && <span className="flex-1 truncate">{item.label}</span>}
      {!narrow && locked && <Lock className="size-4 shrink-0" aria-hidden="true" />}
      {!narrow && item.adminOnly && (
        <span className="rounded bg-danger/10 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-danger">
          ADMIN
        </span>
      )}
    </NavLink>
  );
  const description = locked ? (
    <span id={lockId} className="sr-only">
      {lockText}
    </span>
  ) : null;
  if (!narrow && !locked) return link;
  return (
    <>
      {description}
      <LazyTooltip
        content={
          <>
            {locked ? lockText : item.label}
            {item.adminOnly ? " (ADMIN)" : ""}
          </>
        }
      >
        {link}
      </LazyTooltip>
    </>
  );
}

const TABS = [
  { label: "Home", icon: Home, to: dashboardSection("overview"), section: "overview", tour: "tab-home" },
  { label: "Tasks", icon: ListChecks, to: dashboardSection("tasks"), section: "tasks", tour: "tab-tasks" },
  {
    label: "Calendar",
    icon: CalendarDays,
    to: dashboardSection("calendar"),
    section: "calendar",
    tour: "tab-calendar",
  },
  { label: "AI", icon: Brain, to: paths.aiInsights, section: null, tour: "tab-ai" },
] as const;

function BottomTabBar({ onTools }: { onTools: () => void }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const current =
    location.pathname === paths.dashboard ? (params.get("section") ?? "overview") : location.pathname;
  const tabClass = "flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium";
  return (
    <nav
      aria-label="Quick navigation"
      data-bottom-bar
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-border bg-background pb-[env(safe-area-inset-bottom)]"
    >
      {TABS.map((t) => {
        const active = t.section ? current === t.section : current === t.to;
        return (
          <Link
            key={t.label}
            to={t.to}
            aria-current={active ? "page" : undefined}
            data-tour={t.tour}
            className={cn(tabClass, active ? "text-accent" : "text-muted")}
          >
            <t.icon className="size-5" aria-hidden="true" />
            {t.label}
          </Link>
        );
      })}
      <button type="button" onClick={onTools} data-tour="tab-tools" className={cn(tabClass, "text-muted")}>
        <Wrench className="size-5" aria-hidden="true" />
        Tools
      </button>
    </nav>
  );
}

/** Quick capture, offering the upgrade where the server refuses a task for the plan. */
function QuickCaptureWithUpgrade() {
  const upgrade = useUpgradeDialog();
  const voice = useFeatureAccess("voice_commands");
  return (
    <QuickCapture onUpgrade={upgrade.open} voice={{ locked: voice === "denied", start: openVoiceCommand }} />
  );
}

function VoiceDialogWithUpgrade() {
  const upgrade = useUpgradeDialog();
  return <VoiceCommandDialog onUpgrade={upgrade.open} />;
}

/** The microphone (voice commands, Pro): locked with the upgrade offer for a person without it. */
function TopBarVoice() {
  const upgrade = useUpgradeDialog();
  const voice = useFeatureAccess("voice_commands");
  if (voice === "loading") return null;
  return <VoiceButton locked={voice === "denied"} onUpgrade={() => upgrade.open("pro")} />;
}
