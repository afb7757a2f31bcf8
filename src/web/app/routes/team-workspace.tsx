import { PageHeader } from "../../components/layout/page-header.tsx";
import { SectionBoundary } from "../../components/section-boundary.tsx";
import { useTeam } from "../../features/team/api/get-team.ts";
import { MembersPanel } from "../../features/team/components/members-panel.tsx";
import { ConnectionNotice } from "../../features/team-workspace/components/connection-notice.tsx";
import { RecentActivityPanel } from "../../features/team-workspace/components/recent-activity-panel.tsx";
import { TeamActivityPanel } from "../../features/team-workspace/components/team-activity-panel.tsx";
import { useTeamWorkspace } from "../../features/team-workspace/hooks/use-team-workspace.ts";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  return (
    <AccessGate route="/team-workspace">
      <PageHeader title="Team Workspace" subtitle="Work alongside your team in real time" />
      <SectionBoundary what="The live workspace">
        <LiveWorkspace />
      </SectionBoundary>
      <div className="mt-6">
        <SectionBoundary what="Team members">
          <MembersPanel />
        </SectionBoundary>
      </div>
    </AccessGate>
  );
}

/** The live panels: presence from the socket, over the roster the team panel already loads. */
function LiveWorkspace() {
  const live = useTeamWorkspace();
  const team = useTeam();
  const roster = team.data?.team?.members ?? [];
  return (
    <>
      <ConnectionNotice connection={live.connection} asOf={live.asOf} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TeamActivityPanel roster={roster} live={live} />
        <RecentActivityPanel live={live} />
      </div>
    </>
  );
}
