// The landing page for navigations inside the app (a Back button, the not-found page's link home).
// A visit that starts at "/" gets the light, pre-rendered entry instead (src/web/landing/); this
// route hands the page the router so that moving on from here stays client-side.
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { LandingPage } from "#web/features/marketing/components/landing-page.tsx";
import {
  type MarketingNavigation,
  MarketingNavigationProvider,
  type PageLinkProps,
} from "#web/features/marketing/navigation.tsx";

function RouterLink({ href, ...props }: PageLinkProps) {
  return <Link to={href} {...props} />;
}

export function Component() {
  const navigate = useNavigate();
  const navigation = useMemo<MarketingNavigation>(
    () => ({ Link: RouterLink, navigate: (href) => void navigate(href) }),
    [navigate],
  );
  return (
    <MarketingNavigationProvider value={navigation}>
      <title>Kairo: AI-assisted tasks, time and focus</title>
      <LandingPage />
    </MarketingNavigationProvider>
  );
}
