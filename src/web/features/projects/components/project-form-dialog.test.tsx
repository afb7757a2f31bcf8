// @vitest-environment happy-dom
// The New project dialog as a person uses it: labelled fields, a team project restricted to listed
// members, and the server's word on a field shown next to it.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ProjectDto } from "#shared/contracts/projects.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { ProjectFormDialog } from "./project-form-dialog.tsx";

const TEAM = { id: "team-1", name: "Acme" };

const saved = (request: ApiRequest): ProjectDto => {
  const body = request.body as { name: string; colour: string; teamId: string | null; restricted: boolean };
  return {
    id: "0b6f2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a",
    name: body.name,
    colour: body.colour,
    description: null,
    dueDate: null,
    kind: body.teamId ? "team" : "personal",
    ownerId: body.teamId ? null : "user-1",
    teamId: body.teamId,
    isInbox: false,
    restricted: body.restricted,
    archivedAt: null,
    readOnly: false,
    taskCount: 0,
    openTaskCount: 0,
    can: { manage: true, editTasks: true, comment: true },
    createdAt: "2026-11-27T09:00:00.000Z",
    updatedAt: "2026-11-27T09:00:00.000Z",
  };
};

function open(answer: Parameters<typeof renderWithApi>[1]) {
  const onOpenChange = vi.fn();
  const onCreated = vi.fn();
  const view = renderWithApi(
    <ProjectFormDialog open onOpenChange={onOpenChange} teams={[TEAM]} onCreated={onCreated} />,
    answer,
  );
  return { ...view, onOpenChange, onCreated, dialog: screen.getByRole("dialog", { name: "New project" }) };
}

describe("the New project dialog", () => {
  it("creates a team project restricted to listed members, as filled in", async () => {
    const { user, requests, onCreated, onOpenChange, dialog } = open((r) => ({
      status: 201,
      body: saved(r),
    }));
    const create = within(dialog).getByRole("button", { name: "Create project" });
    expect(create.hasAttribute("disabled")).toBe(true);
    // Personal projects have no access choice.
    expect(within(dialog).queryByRole("group", { name: "Access" })).toBeNull();

    await user.type(within(dialog).getByLabelText("Name"), "Website Redesign");
    await user.click(within(dialog).getByRole("radio", { name: "Green" }));
    await user.type(within(dialog).getByLabelText("Description"), "New look for launch");
    await user.type(within(dialog).getByLabelText("Due date"), "2026-12-31");
    await user.click(within(dialog).getByRole("radio", { name: /Team: Acme/ }));
    await user.click(within(dialog).getByRole("radio", { name: /Restricted to listed members/ }));
    await user.click(create);

    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/api/projects",
        body: {
          name: "Website Redesign",
          colour: "#10b981",
          description: "New look for launch",
          dueDate: "2026-12-31",
          teamId: "team-1",
          restricted: true,
        },
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ name: "Website Redesign", kind: "team" }),
    );
  });

  it("creates a personal project by default", async () => {
    const { user, requests, dialog } = open((r) => ({ status: 201, body: saved(r) }));
    await user.type(within(dialog).getByLabelText("Name"), "Reading list");
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toMatchObject({ name: "Reading list", teamId: null, restricted: false });
  });

  it("shows the server's refusal of a field next to that field and keeps what was typed", async () => {
    const { user, dialog, onOpenChange } = open(() =>
      apiError(400, "VALIDATION", "Check the highlighted fields", {
        fields: { name: "Name must not contain control characters" },
      }),
    );
    await user.type(within(dialog).getByLabelText("Name"), "Odd name");
    await user.click(within(dialog).getByRole("button", { name: "Create project" }));

    const message = await within(dialog).findByText("Name must not contain control characters");
    const name = within(dialog).getByLabelText<HTMLInputElement>("Name");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(message.id);
    expect(name.value).toBe("Odd name");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
