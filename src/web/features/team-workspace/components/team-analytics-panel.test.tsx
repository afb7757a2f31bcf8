// @vitest-environment happy-dom
// Team analytics as people see them: owners and admins a table per member and per project, members
// the team's totals and their own figures with a word on why there is no table, and the states
// around them (a team with nothing to count, no team at all).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamAnalyticsResponse, TeamFiguresDto } from "#shared/contracts/team.ts";
import { apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { formatOnTime, TeamAnalyticsPanel } from "./team-analytics-panel.tsx";

const figures = (over: Partial<TeamFiguresDto> = {}): TeamFiguresDto => ({
  tasksCompleted: 0,
  hoursTracked: 0,
  onTimeRate: null,
  workloadThisWeekHours: 0,
  workloadNextWeekHours: 0,
  overdueTasks: 0,
  ...over,
});

const answer = (over: Partial<TeamAnalyticsResponse> = {}): TeamAnalyticsResponse => ({
  range: 30,
  from: "2026-10-29",
  to: "2026-11-27",
  weekStart: "2026-11-23T00:00:00.000Z",
  team: figures({ tasksCompleted: 12, hoursTracked: 7.5, onTimeRate: 0.75, overdueTasks: 2 }),
  me: figures({ tasksCompleted: 4, hoursTracked: 2, onTimeRate: 1 }),
  members: null,
  projects: null,
  ...over,
});

describe("TeamAnalyticsPanel", () => {
  it("shows an owner or admin a table per member and per project", async () => {
    renderWithApi(<TeamAnalyticsPanel inTeam />, () => ({
      status: 200,
      body: answer({
        members: [{ userId: "u1", name: "Ada", role: "admin", figures: figures({ tasksCompleted: 8 }) }],
        projects: [
          {
            projectId: "p1",
            name: "Launch",
            colour: "#0f766e",
            archived: true,
            figures: figures({ overdueTasks: 2 }),
          },
        ],
      }),
    }));
    const byMember = await screen.findByRole("region", { name: "By member" });
    const ada = within(byMember).getByRole("row", { name: /Ada/ });
    expect(
      within(ada)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["8", "0h", "–", "0h", "0h", "0"]);
    const byProject = screen.getByRole("region", { name: "By project" });
    expect(within(byProject).getByRole("row", { name: /Launch archived/ })).toBeTruthy();
    expect(within(screen.getByTestId("team-analytics-team")).getByText("75%")).toBeTruthy();
  });

  it("shows a member the team's totals and their own figures, and says why there is no table", async () => {
    const { user, requests } = renderWithApi(<TeamAnalyticsPanel inTeam />, () => ({
      status: 200,
      body: answer(),
    }));
    const mine = await screen.findByTestId("team-analytics-me");
    expect(within(mine).getByText("100%")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText(/shown to team owners and admins/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "90 days" }));
    expect(screen.getByRole("button", { name: "90 days" }).getAttribute("aria-pressed")).toBe("true");
    expect(requests.filter((r) => r.path === "/api/team/analytics")).toHaveLength(2);
  });

  it("says so when there is nothing to count, or no team", async () => {
    const quiet = renderWithApi(<TeamAnalyticsPanel inTeam />, () => ({
      status: 200,
      body: answer({ team: figures(), me: figures() }),
    }));
    expect(await screen.findByText("Nothing to count yet")).toBeTruthy();
    quiet.unmount();
    const gone = renderWithApi(<TeamAnalyticsPanel inTeam />, () =>
      apiError(404, "NOT_FOUND", "Team not found."),
    );
    expect(await screen.findByText("No team to count yet")).toBeTruthy();
    gone.unmount();
    // Outside a team (a demo preview, say) the figures are not asked for at all.
    const none = renderWithApi(<TeamAnalyticsPanel inTeam={false} />, () => ({ status: 500 }));
    expect(await screen.findByText("No team to count yet")).toBeTruthy();
    expect(none.requests).toHaveLength(0);
  });

  it("writes the on-time share as a percentage, or a dash when nothing had a deadline", () => {
    expect(formatOnTime(0.666)).toBe("67%");
    expect(formatOnTime(null)).toBe("–");
  });
});
