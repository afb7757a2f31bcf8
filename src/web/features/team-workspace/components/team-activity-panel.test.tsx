// @vitest-environment happy-dom
// The Team Activity panel names people as the member list does: their name, the email only when
// they gave none, with the email underneath; someone present but not yet on the roster too.
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MemberPresence } from "#shared/domain/presence.ts";
import type { TeamWorkspaceLive } from "../hooks/use-team-workspace.ts";
import { rows, TeamActivityPanel } from "./team-activity-panel.tsx";

const present = (
  over: Partial<MemberPresence> & Pick<MemberPresence, "userId" | "email">,
): MemberPresence => ({
  name: "",
  status: "online",
  page: "/dashboard",
  lastSeen: "2026-11-27T10:00:00.000Z",
  ...over,
});

const live = (members: MemberPresence[]): TeamWorkspaceLive => ({
  phase: "ready",
  members: Object.fromEntries(members.map((m) => [m.userId, m])),
  typing: {},
  activity: [],
  activityError: false,
  connection: "connected",
  stale: false,
  asOf: 0,
  setTyping: () => {},
  broadcast: async () => ({ ok: false, error: { code: "no_team", message: "" } }),
});

const roster = [
  { email: "ann@example.com", name: "Ann Archer" },
  { email: "ben@example.com", name: "" },
];

describe("Team Activity names", () => {
  it("shows the roster's name, the email when there is no name, and the presence name for someone not listed yet", () => {
    const l = live([
      present({ userId: "a", email: "ann@example.com", name: "Ann Archer" }),
      present({ userId: "c", email: "cam@example.com", name: "Cam Cole", status: "away" }),
    ]);
    expect(rows(roster, l).map((r) => [r.label, r.email, r.status])).toEqual([
      ["Ann Archer", "ann@example.com", "online"],
      ["Cam Cole", "cam@example.com", "away"],
      ["ben@example.com", "ben@example.com", "offline"],
    ]);
  });

  it("renders the name with the email beneath it, and labels the row by name", () => {
    render(
      <TeamActivityPanel
        roster={roster}
        live={live([present({ userId: "a", email: "ann@example.com", name: "Ann Archer" })])}
      />,
    );
    const list = screen.getByRole("list", { name: "Live presence" });
    const ann = within(list).getByRole("listitem", { name: "Ann Archer, Online" });
    const text = ann.textContent ?? "";
    expect(text).toContain("Ann Archer");
    expect(text.indexOf("Ann Archer")).toBeLessThan(text.indexOf("ann@example.com"));
    const ben = within(list).getByRole("listitem", { name: "ben@example.com, Offline" });
    // No name: the email once, not twice.
    expect(ben.textContent?.match(/ben@example\.com/g)).toHaveLength(1);
  });
});
