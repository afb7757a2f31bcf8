// One gate for every feature route (spec: access gate screen). Spinner while loading, /login for
// signed-out visitors (origin remembered), the Premium Feature card when the plan lacks the feature.
import { Crown } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { FEATURES, type FeatureId } from "#shared/domain/features.ts";
import { Button } from "../../components/ui/button.tsx";
import { FullPageSpinner } from "../../components/ui/spinner.tsx";
import { TryDemoButton } from "../../features/demo/components/try-demo-button.tsx";
import { useUpgradeDialog } from "../../features/upgrade/upgrade-dialog-provider.tsx";
import { useSession } from "../../lib/session.ts";
import { loginPathFor } from "./login-path.ts";
import { useFeatureAccess } from "./use-feature-access.ts";

export function AccessGate({
  feature,
  plan,
  children,
}: {
  feature: FeatureId;
  plan: "pro" | "team";
  children: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const access = useFeatureAccess(feature);
  if (session.status === "loading" || access === "loading") return <FullPageSpinner label="Loading..." />;
  if (session.status === "signed-out") {
    return <Navigate to={session.leavingTo ?? loginPathFor(location)} replace />;
  }
  if (access === "denied") return <PremiumFeatureCard feature={feature} plan={plan} />;
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
