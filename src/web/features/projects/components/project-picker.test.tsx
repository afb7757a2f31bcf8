// @vitest-environment happy-dom
// The project picker the analytics and AI insights pages narrow their figures with: a visible label,
// "All projects" first, the person's projects in the sidebar's order, and null for all.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { renderWithApi } from "#web/testing/render-with-api.tsx";
import { ProjectPicker } from "./project-picker.tsx";

const project = (id: string, name: string, over: Partial<ProjectDto> = {}): ProjectDto => ({
  id,
  name,
  colour: "#6366f1",
  description: null,
  dueDate: null,
  kind: "personal",
  ownerId: "user-1",
  teamId: null,
  isInbox: false,
  restricted: false,
  archivedAt: null,
  readOnly: false,
  taskCount: 0,
  openTaskCount: 0,
  can: { manage: true, editTasks: true, comment: true },
  createdAt: "2026-11-27T09:00:00.000Z",
  updatedAt: "2026-11-27T09:00:00.000Z",
  ...over,
});

describe("ProjectPicker", () => {
  it("lists all projects first, then the Inbox, personal and team projects, and hands back the choice", async () => {
    const onChange = vi.fn();
    const { user } = renderWithApi(<ProjectPicker id="p" value={null} onChange={onChange} />, () => ({
      status: 200,
      body: {
        projects: [
          project("t1", "Launch", { kind: "team", ownerId: null, teamId: "team-1" }),
          project("p1", "Garden"),
          project("i1", "Inbox", { isInbox: true }),
        ],
      },
    }));
    const select = screen.getByRole("combobox", { name: "Project" });
    await within(select).findByRole("option", { name: "Launch (team)" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All projects", "Inbox", "Garden", "Launch (team)"]);
    await user.selectOptions(select, "t1");
    expect(onChange).toHaveBeenLastCalledWith("t1");
    await user.selectOptions(select, "");
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
