// /projects: every project the person can see, and the archived ones to restore (issue 23).
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { ProjectsOverview } from "#web/features/projects/components/projects-overview.tsx";

export function Component() {
  return (
    <>
      <PageHeader title="Projects" subtitle="Your own projects and your team's shared ones." />
      <SectionBoundary what="Your projects">
        <ProjectsOverview />
      </SectionBoundary>
    </>
  );
}
