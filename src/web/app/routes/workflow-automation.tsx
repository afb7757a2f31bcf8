import { Workflow } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  return (
    <AccessGate route="/workflow-automation">
      <PageHeader title="Workflow Automation" subtitle="Let Kairo handle the routine steps" />
      <EmptyState icon={Workflow} title="No workflows yet">
        Workflows you create will run here when their trigger fires.
      </EmptyState>
    </AccessGate>
  );
}
