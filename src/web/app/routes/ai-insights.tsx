import { Brain } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  return (
    <AccessGate route="/ai-insights">
      <PageHeader title="AI Insights" subtitle="Powered by advanced AI analytics" />
      <EmptyState icon={Brain} title="No insights yet">
        Kairo needs a few days of tasks and tracked time before it can find patterns worth showing.
      </EmptyState>
    </AccessGate>
  );
}
