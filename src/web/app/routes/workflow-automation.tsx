import { PageHeader } from "../../components/layout/page-header.tsx";
import { SectionBoundary } from "../../components/section-boundary.tsx";
import { useUpgradeDialog } from "../../features/upgrade/upgrade-dialog-provider.tsx";
import { WorkflowsPage } from "../../features/workflows/components/workflows-page.tsx";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  const upgrade = useUpgradeDialog();
  return (
    <AccessGate route="/workflow-automation">
      <PageHeader title="Workflow Automation" subtitle="Let Kairo handle the routine steps" />
      <SectionBoundary what="Your workflows">
        <WorkflowsPage onUpgrade={(plan) => upgrade.open(plan)} />
      </SectionBoundary>
    </AccessGate>
  );
}
