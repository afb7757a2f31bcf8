import { trialDaysLeftText } from "#shared/domain/subscription.ts";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { AiInsightsPage } from "#web/features/ai-insights/components/ai-insights-page.tsx";
import { ProjectPicker } from "#web/features/projects/components/project-picker.tsx";
import { useSubscription } from "#web/lib/subscription.ts";
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
      <SectionBoundary what="Your AI insights">
        <AiInsightsPage
          projectFilter={(p) => <ProjectPicker id="insights-project" className="min-w-44" {...p} />}
        />
      </SectionBoundary>
    </AccessGate>
  );
}
