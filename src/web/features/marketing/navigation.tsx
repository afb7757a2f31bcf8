// How the landing page reaches other pages. Served on its own at "/" (landing/main.ts) it has no
// router, to stay within its script budget: links are plain anchors that load the next document. The
// app's own "/" route, reached by navigating inside the app, provides its router here instead, so
// those visits stay client-side.
import { type ComponentProps, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { paths } from "#web/config/paths.ts";
import { refreshSession, type SessionState, useSession } from "#web/lib/session.ts";

export type PageLinkProps = ComponentProps<"a"> & { href: string };

export type MarketingNavigation = {
  Link: (props: PageLinkProps) => ReactNode;
  navigate: (href: string) => void;
};

const documentNavigation: MarketingNavigation = {
  Link: (props) => <a {...props} />,
  navigate: (href) => window.location.assign(href),
};

const NavigationContext = createContext<MarketingNavigation>(documentNavigation);

export const MarketingNavigationProvider = NavigationContext.Provider;

/** A link to another page of Kairo (not to a section of this one: those stay plain anchors). */
export function PageLink(props: PageLinkProps) {
  const { Link } = useContext(NavigationContext);
  return <Link {...props} />;
}

// With no backend configured (the static demo) the demo person is always signed in.
const startPathFor = (session: SessionState) =>
  DEMO_MODE || session.status === "signed-in" ? paths.dashboard : paths.signup;

const isPlainLeftClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * "Start Free Trial": the dashboard for someone signed in, else sign-up (spec, landing page). The
 * page is pre-rendered before anyone's session is known, so a click made while the session is still
 * being asked for waits for the answer instead of guessing sign-up.
 */
export function StartLink({ onClick, ...props }: Omit<PageLinkProps, "href">) {
  const session = useSession();
  const { navigate } = useContext(NavigationContext);
  return (
    <PageLink
      {...props}
      data-start-link
      href={startPathFor(session)}
      onClick={(e) => {
        onClick?.(e);
        if (session.status !== "loading" || e.defaultPrevented || !isPlainLeftClick(e)) return;
        e.preventDefault();
        void refreshSession().then((known) => navigate(startPathFor(known)));
      }}
    />
  );
}
