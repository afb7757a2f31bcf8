import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { useTeam } from "#web/features/team/api/get-team.ts";
import { MembersPanel } from "#web/features/team/components/members-panel.tsx";
import { ConnectionNotice } from "#web/features/team-workspace/components/connection-notice.tsx";
import { RecentActivityPanel } from "#web/features/team-workspace/components/recent-activity-panel.tsx";
import { TeamActivityPanel } from "#web/features/team-workspace/components/team-activity-panel.tsx";
import { TeamAnalyticsPanel } from "#web/features/team-workspace/components/team-analytics-panel.tsx";
import { useTeamWorkspace } from "#web/features/team-workspace/hooks/use-team-workspace.ts";
import { AccessGate } from "../guards/access-gate.tsx";

export function Component() {
  return (
    <AccessGate route="/team-workspace">
      <PageHeader title="Team Workspace" subtitle="Work alongside your team in real time" />
      <SectionBoundary what="The live workspace">
        <LiveWorkspace />
      </SectionBoundary>
      <div className="mt-6">
        <SectionBoundary what="Team analytics">
          <TeamAnalytics />
        </SectionBoundary>
      </div>
      <div className="mt-6">
        <SectionBoundary what="Team members">
          <MembersPanel />
        </SectionBoundary>
      </div>
    </AccessGate>
  );
}

/** Team analytics, asked for only once the team (loaded inside the gate) says there is one. */
function TeamAnalytics() {
  const team = useTeam();
  return <TeamAnalyticsPanel inTeam={team.isSuccess ? Boolean(team.data.team) : undefined} />;
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
