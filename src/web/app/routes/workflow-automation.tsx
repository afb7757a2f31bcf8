import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";
import { LockedWorkflows, WorkflowsPage } from "#web/features/workflows/components/workflows-page.tsx";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  const upgrade = useUpgradeDialog();
  return (
    // A plan that no longer includes workflows still shows them, each saying why it is paused.
    <AccessGate
      route="/workflow-automation"
      whenLocked={<LockedWorkflows onUpgrade={(plan) => upgrade.open(plan)} />}
    >
      <PageHeader title="Workflow Automation" subtitle="Let Kairo handle the routine steps" />
      <SectionBoundary what="Your workflows">
        <WorkflowsPage onUpgrade={(plan) => upgrade.open(plan)} />
      </SectionBoundary>
    </AccessGate>
  );
}
