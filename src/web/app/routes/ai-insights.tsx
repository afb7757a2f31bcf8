import { trialDaysLeftText } from "#shared/domain/subscription.ts";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { SectionBoundary } from "../../components/section-boundary.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { AiInsightsPage } from "../../features/ai-insights/components/ai-insights-page.tsx";
import { useSubscription } from "../../lib/subscription.ts";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  const sub = useSubscription();
  const daysLeft = sub.data?.trialDaysLeft;
  return (
    <AccessGate route="/ai-insights">
      <PageHeader
        title="AI Insights"
        subtitle="Powered by advanced AI analytics"
        actions={
          <div className="flex items-center gap-2">
            <Badge tone="accent">PRO Feature</Badge>
            {daysLeft != null && <Badge tone="warning">{trialDaysLeftText(daysLeft)}</Badge>}
          </div>
        }
      />
      <SectionBoundary what="AI Insights">
        <AiInsightsPage />
      </SectionBoundary>
    </AccessGate>
  );
}
