import { Users } from "lucide-react";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { MembersPanel } from "../../features/team/components/members-panel.tsx";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  return (
    <AccessGate route="/team-workspace">
      <PageHeader title="Team Workspace" subtitle="Work alongside your team in real time" />
      <div className="mb-6">
        <MembersPanel />
      </div>
      <EmptyState icon={Users} title="No team activity yet">
        When teammates join your workspace, their presence and recent activity appear here.
      </EmptyState>
    </AccessGate>
  );
}
