// A reminder's words (decision 272): times on the person's wall clock, in their time zone setting,
// else the zone their analytics were counted in, else UTC (then said so).
import { describe, expect, it } from "vitest";
import { reminderBody, reminderZone } from "./sweep.ts";

const NOW = new Date("2026-11-27T09:00:00.000Z");
const deadline = new Date("2026-11-28T10:46:00.000Z");

describe("reminder words", () => {
  it("writes the deadline in the person's zone, in words", () => {
    const body = reminderBody({ late: false, dueAt: NOW, deadline, zone: "Europe/Paris", now: NOW });
    expect(body).toBe("Due Saturday 28 November, 11:46.");
    expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it("says when a late reminder was set for, and says UTC when that is all it knows", () => {
    const late = new Date("2026-11-27T08:30:00.000Z");
    expect(reminderBody({ late: true, dueAt: late, deadline, zone: "UTC", now: NOW })).toBe(
      "Late: it was set for Friday 27 November, 08:30 UTC. Due Saturday 28 November, 10:46 UTC.",
    );
    expect(reminderBody({ late: false, dueAt: late, deadline: null, zone: "UTC", now: NOW })).toBe("");
  });

  it("takes the planning time zone, else the analytics zone, else UTC; unknown names are skipped", () => {
    expect(reminderZone("Europe/Paris", "America/New_York")).toBe("Europe/Paris");
    expect(reminderZone(null, "America/New_York")).toBe("America/New_York");
    expect(reminderZone("Mars/Base", "Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(reminderZone(undefined, null)).toBe("UTC");
  });
});
