// /assigned: "Assigned to me", what the person must do across their team's projects and their own
// (issue 23), in the task list they know.
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { TasksSection } from "#web/features/tasks/components/tasks-section.tsx";
import { useUpgradeDialog } from "#web/features/upgrade/upgrade-dialog-provider.tsx";

const SCOPE = {
  assignee: "me",
  title: "Assigned to me",
  subtitle: "Tasks assigned to you, in your team's projects and your own.",
  emptyTitle: "Nothing assigned to you",
  emptyText: "When someone assigns you a task in a shared project, it shows here.",
  canCreate: false,
} as const;

export function Component() {
  const upgrade = useUpgradeDialog();
  return (
    <SectionBoundary what="Your assigned tasks">
      <TasksSection scope={SCOPE} onUpgrade={upgrade.open} />
    </SectionBoundary>
  );
}
