// @vitest-environment happy-dom
// A task's Comments and History as a person uses them: the empty thread, adding a comment through the
// labelled box, editing and deleting their own (and no such buttons on someone else's), mentions and
// links in the text, the server's refusal shown next to the box, a failed load, and the history.
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { CommentDto, HistoryEntryDto } from "#shared/contracts/comments.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import TaskDiscussion from "./task-discussion.tsx";

const TASK = "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a";
const base = `/api/tasks/${TASK}`;

const comment = (over: Partial<CommentDto>): CommentDto => ({
  id: "c0000000-0000-4000-8000-000000000001",
  taskId: TASK,
  author: { id: "u1", name: "Ana Owner" },
  body: "Hello",
  mentions: [],
  createdAt: "2026-11-27T09:00:00.000Z",
  editedAt: null,
  mine: true,
  ...over,
});

const history: HistoryEntryDto[] = [
  {
    id: "h1",
    kind: "created",
    actor: { id: "u1", name: "Ana Owner" },
    changes: { title: { from: null, to: "Launch" } },
    source: "person",
    createdAt: "2026-11-27T08:00:00.000Z",
  },
  {
    id: "h2",
    kind: "updated",
    actor: null,
    changes: { priority: { from: "medium", to: "high" } },
    source: "workflow",
    createdAt: "2026-11-27T08:30:00.000Z",
  },
];

/** A tiny server: the thread in memory, answered as the API answers. */
function server(initial: CommentDto[]) {
  let thread = [...initial];
  return (r: ApiRequest) => {
    if (r.method === "GET" && r.path === `${base}/comments`)
      return { status: 200, body: { comments: thread, nextCursor: null } };
    if (r.method === "GET" && r.path === `${base}/history`)
      return { status: 200, body: { entries: history, nextCursor: null } };
    if (r.method === "POST" && r.path === `${base}/comments`) {
      const body = (r.body as { body: string }).body;
      if (body.includes("<too long>"))
        return apiError(400, "VALIDATION", "Comment must be at most 10,000 characters", {
          fields: { body: "Comment must be at most 10,000 characters" },
        });
      const created = comment({
        id: `c0000000-0000-4000-8000-00000000000${thread.length + 2}`,
        body,
        mentions: body.includes("@bo@example.com") ? ["bo@example.com"] : [],
      });
      thread = [...thread, created];
      return { status: 201, body: created };
    }
    const id = r.path.split("/").pop();
    if (r.method === "PATCH") {
      thread = thread.map((c) =>
        c.id === id
          ? { ...c, body: (r.body as { body: string }).body, editedAt: "2026-11-27T10:00:00.000Z" }
          : c,
      );
      return { status: 200, body: thread.find((c) => c.id === id) };
    }
    if (r.method === "DELETE") {
      thread = thread.filter((c) => c.id !== id);
      return { status: 204 };
    }
    return { status: 404, body: { error: { code: "NOT_FOUND", message: "No such API route." } } };
  };
}

describe("a task's comments", () => {
  it("starts empty, adds a comment with a highlighted mention and a clickable link", async () => {
    const { user, requests } = renderWithApi(<TaskDiscussion taskId={TASK} />, server([]));
    expect(await screen.findByText("No comments yet. Write the first one below.")).toBeTruthy();
    const box = screen.getByLabelText("Add a comment");
    const send = screen.getByRole("button", { name: "Comment" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await user.type(box, "Ask @bo@example.com about https://example.com/spec");
    await user.click(send);

    const list = await screen.findByRole("list", { name: "Comments on this task" });
    const item = within(list).getByRole("listitem");
    expect(within(item).getByText("@bo@example.com").getAttribute("data-mention")).toBe("bo@example.com");
    expect(within(item).getByRole("link", { name: "https://example.com/spec" }).getAttribute("href")).toBe(
      "https://example.com/spec",
    );
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(requests).toContainEqual({
      method: "POST",
      path: `${base}/comments`,
      body: { body: "Ask @bo@example.com about https://example.com/spec" },
    });
  });

  it("edits and deletes the person's own comment, and offers neither on someone else's", async () => {
    const { user } = renderWithApi(
      <TaskDiscussion taskId={TASK} />,
      server([
        comment({}),
        comment({
          id: "c0000000-0000-4000-8000-000000000009",
          author: { id: "u2", name: "Bo" },
          body: "Theirs",
          mine: false,
        }),
      ]),
    );
    const list = await screen.findByRole("list", { name: "Comments on this task" });
    const [mine, theirs] = within(list).getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(within(theirs).queryByRole("button", { name: "Edit comment" })).toBeNull();
    expect(within(theirs).queryByRole("button", { name: "Delete comment" })).toBeNull();

    await user.click(within(mine).getByRole("button", { name: "Edit comment" }));
    const edit = within(mine).getByLabelText("Edit comment");
    await user.clear(edit);
    await user.type(edit, "Hello again");
    await user.click(within(mine).getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(within(mine).getByText("Hello again")).toBeTruthy());
    expect(within(mine).getByText(/\(edited\)/)).toBeTruthy();

    await user.click(within(mine).getByRole("button", { name: "Delete comment" }));
    await user.click(within(mine).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(screen.queryByText("Hello again")).toBeNull());
    expect(screen.getByText("Theirs")).toBeTruthy();
  });

  it("shows the server's refusal next to the box and keeps what was typed", async () => {
    const { user } = renderWithApi(<TaskDiscussion taskId={TASK} />, server([]));
    const box = await screen.findByLabelText("Add a comment");
    await user.type(box, "<too long>");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Comment must be at most 10,000 characters");
    expect((box as HTMLTextAreaElement).value).toBe("<too long>");
  });

  it("says when the thread could not be loaded", async () => {
    // React reports the error its boundary caught; that report is expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithApi(<TaskDiscussion taskId={TASK} />, (r) =>
      r.path.endsWith("/comments")
        ? apiError(500, "INTERNAL", "The server could not answer.")
        : { status: 200, body: { entries: [], nextCursor: null } },
    );
    expect(await screen.findByText(/Comments could not be loaded/)).toBeTruthy();
    expect(await screen.findByText("No history recorded yet.")).toBeTruthy();
    quiet.mockRestore();
  });
});

describe("a task's history", () => {
  it("lists who did what, a workflow's change and a deleted account's included", async () => {
    renderWithApi(<TaskDiscussion taskId={TASK} />, server([]));
    const list = await screen.findByRole("list", { name: "Task history" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      "Ana Owner created the task",
      "Deleted user changed the priority from Medium to High (by a workflow)",
    ]);
  });
});
