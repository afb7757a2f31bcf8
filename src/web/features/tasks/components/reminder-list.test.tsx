// @vitest-environment happy-dom
// The task's Reminders section as a person uses it: add one before the deadline with the number and
// unit, see the server's refusal beside the form, remove one by its labelled button.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReminderDto } from "#shared/contracts/reminders.ts";
import { type ApiRequest, apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { ReminderList } from "./reminder-list.tsx";

const TASK = "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a";
const base = `/api/tasks/${TASK}/reminders`;
const R1 = "a0000000-0000-4000-8000-000000000001";

const reminder = (over: Partial<ReminderDto> = {}): ReminderDto => ({
  id: R1,
  taskId: TASK,
  at: null,
  offsetMinutes: 60,
  dueAt: "2030-01-10T11:00:00.000Z",
  firedAt: null,
  createdAt: "2026-11-27T09:00:00.000Z",
  ...over,
});

function server(initial: ReminderDto[]) {
  let list = [...initial];
  return (r: ApiRequest) => {
    if (r.method === "GET" && r.path === base) return { status: 200, body: { reminders: list } };
    if (r.method === "POST" && r.path === base) {
      const body = r.body as { before?: { amount: number; unit: string } };
      if (body.before?.amount === 999)
        return apiError(
          400,
          "VALIDATION",
          "That is already past: choose a shorter time before the deadline.",
        );
      const made = reminder({
        id: `a0000000-0000-4000-8000-00000000000${list.length + 2}`,
        offsetMinutes: 30,
      });
      list = [...list, made];
      return { status: 201, body: made };
    }
    if (r.method === "DELETE") {
      list = list.filter((x) => !r.path.endsWith(x.id));
      return { status: 204 };
    }
    return apiError(404, "NOT_FOUND", "Not found.");
  };
}

describe("ReminderList", () => {
  it("adds a reminder before the deadline, shows a refusal, and removes one", async () => {
    const { user, requests } = renderWithApi(
      <ReminderList taskId={TASK} hasDeadline />,
      server([reminder()]),
    );
    const list = await screen.findByRole("list", { name: "Reminders" });
    expect(within(list).getByText(/1 hour before the deadline/)).toBeTruthy();

    const amount = screen.getByLabelText("Amount");
    await user.clear(amount);
    await user.type(amount, "30");
    await user.selectOptions(screen.getByLabelText("Unit"), "minutes");
    await user.click(screen.getByRole("button", { name: "Add reminder" }));
    await screen.findByText(/30 minutes before the deadline/);
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({
      before: { amount: 30, unit: "minutes" },
    });

    await user.clear(amount);
    await user.type(amount, "999");
    await user.click(screen.getByRole("button", { name: "Add reminder" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/already past/);

    await user.click(screen.getByRole("button", { name: /Remove reminder: 1 hour before the deadline/ }));
    expect(requests.some((r) => r.method === "DELETE" && r.path === `${base}/${R1}`)).toBe(true);
  });

  it("offers a time when the task has no deadline", async () => {
    renderWithApi(<ReminderList taskId={TASK} hasDeadline={false} />, server([]));
    expect(await screen.findByText("No reminders yet.")).toBeTruthy();
    expect(screen.getByLabelText("Remind me at")).toBeTruthy();
  });
});
