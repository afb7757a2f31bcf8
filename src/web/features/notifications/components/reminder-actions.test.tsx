// @vitest-environment happy-dom
// A reminder notification's actions: Open, and Snooze with labelled buttons that send this browser's
// time zone (tomorrow morning is 9:00 there).
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NotificationDto } from "#shared/contracts/notifications.ts";
import { apiError, renderWithApi } from "#web/testing/render-with-api.tsx";
import { ReminderActions } from "./reminder-actions.tsx";

const TASK = "5f0c2a8e-8c1b-4d0a-9e55-2b1f0c3d4e5a";
const R1 = "a0000000-0000-4000-8000-000000000001";
const reminder = (dueAt: string) => ({
  id: R1,
  taskId: TASK,
  at: null,
  offsetMinutes: 60,
  dueAt,
  firedAt: null,
  createdAt: "2026-11-27T09:00:00.000Z",
});

describe("ReminderActions", () => {
  const n: NotificationDto = {
    id: "b0000000-0000-4000-8000-000000000001",
    kind: "reminder",
    title: "Reminder: Water the plants",
    body: "",
    link: `/dashboard?section=tasks&task=${TASK}`,
    reminderId: R1,
    read: false,
    createdAt: "2026-11-27T09:00:00.000Z",
  };

  it("opens the task and snoozes until tomorrow morning in this browser's zone", async () => {
    let opened = 0;
    const { user, requests } = renderWithApi(
      <ReminderActions notification={n} onOpen={() => opened++} />,
      (r) =>
        r.method === "POST" && r.path === `/api/reminders/${R1}/snooze`
          ? { status: 200, body: reminder("2026-11-28T08:00:00.000Z") }
          : apiError(404, "NOT_FOUND", "Not found."),
    );
    await user.click(screen.getByRole("button", { name: "Open Water the plants" }));
    expect(opened).toBe(1);
    await user.click(screen.getByRole("button", { name: "Snooze Water the plants until tomorrow at 9:00" }));
    expect(await screen.findByText("Snoozed until tomorrow at 9:00.")).toBeTruthy();
    const body = requests.find((r) => r.method === "POST")?.body as { for: string; timeZone: string };
    expect(body.for).toBe("tomorrow");
    expect(body.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
