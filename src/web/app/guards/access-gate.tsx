// One gate for every gated route (spec: access gate screen), driven by ROUTE_ACCESS: a spinner while
// loading, /login for signed-out visitors (origin remembered), then the route's own requirement: the
// Premium Feature card when the plan lacks the feature, Not authorised when the admin role is missing.
import { Crown, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { FEATURES, type FeatureId, type GatedRoute, ROUTE_ACCESS } from "#shared/domain/features.ts";
import { isAdminRole } from "#shared/domain/roles.ts";
import { Button } from "#web/components/ui/button.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { FullPageSpinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { TryDemoButton } from "#web/features/demo/components/try-demo-button.tsx";
import { useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";
import { type SessionUser, useSession } from "#web/lib/session.ts";
import { loginPathFor } from "./login-path.ts";
import { useFeatureAccess } from "./use-feature-access.ts";

/** `whenLocked`: shown under the Premium Feature card (what the person keeps from a plan that ended). */
export function AccessGate({
  route,
  children,
  whenLocked,
}: {
  route: GatedRoute;
  children: ReactNode;
  whenLocked?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <FullPageSpinner label="Loading..." />;
  if (session.status === "signed-out") {
    return <Navigate to={session.leavingTo ?? loginPathFor(location)} replace />;
  }
  const rule: (typeof ROUTE_ACCESS)[GatedRoute] = ROUTE_ACCESS[route];
  if ("role" in rule) return <RoleCheck user={session.user}>{children}</RoleCheck>;
  return (
    <FeatureCheck feature={rule.feature} plan={rule.plan} whenLocked={whenLocked}>
      {children}
    </FeatureCheck>
  );
}

function FeatureCheck({
  feature,
  plan,
  children,
  whenLocked,
}: {
  feature: FeatureId;
  plan: "pro" | "team";
  children: ReactNode;
  whenLocked?: ReactNode;
}) {
  const access = useFeatureAccess(feature);
  if (access === "loading") return <FullPageSpinner label="Loading..." />;
  if (access === "denied") {
    return (
      <>
        <PremiumFeatureCard feature={feature} plan={plan} />
        {whenLocked}
      </>
    );
  }
  return <>{children}</>;
}

/** The role comes from the server's session; the server checks it again on every admin call. */
function RoleCheck({ user, children }: { user: SessionUser; children: ReactNode }) {
  if (!isAdminRole(user.role)) return <NotAuthorised />;
  return <>{children}</>;
}

export function PremiumFeatureCard({ feature, plan }: { feature: FeatureId; plan: "pro" | "team" }) {
  const navigate = useNavigate();
  const upgrade = useUpgradeDialog();
  const entry = FEATURES[feature];
  const planName = plan === "team" ? "Team" : "Pro";
  return (
    <section
      aria-labelledby="premium-heading"
      className="mx-auto mt-10 max-w-md rounded-lg border border-border bg-background p-8 text-center"
    >
      <Crown className="mx-auto size-10 text-warning" aria-hidden="true" />
      <h1 id="premium-heading" className="mt-4 text-xl font-semibold">
        Premium Feature
      </h1>
      <p className="mt-2 text-muted">
        {entry.name} is part of the {planName} plan. {entry.description}.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button aria-haspopup="dialog" onClick={() => upgrade.open(plan)}>
          Upgrade
        </Button>
        <TryDemoButton />
        <Button variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      </div>
    </section>
  );
}

function NotAuthorised() {
  return (
    <section
      aria-labelledby="denied-heading"
      className="mx-auto mt-10 max-w-md rounded-lg border border-border bg-background p-8 text-center"
    >
      <ShieldAlert className="mx-auto size-10 text-danger" aria-hidden="true" />
      <h1 id="denied-heading" className="mt-4 text-xl font-semibold">
        Not authorised
      </h1>
      <p className="mt-2 text-muted">The admin area is for Kairo administrators only.</p>
      <Link to={paths.dashboard} className={`${buttonVariants()} mt-6`}>
        Back to Dashboard
      </Link>
    </section>
  );
}
