import { describe, expect, it } from "vitest";
import { pagePath } from "#shared/contracts/team-workspace.ts";
import { activityText, pageLabel, reportedPage } from "./page-label.ts";

describe("the page a tab reports", () => {
  it.each([
    ["/dashboard", "?section=tasks", "/dashboard?section=tasks"],
    ["/dashboard", "?section=Tasks%3Cx", "/dashboard"],
    ["/dashboard", "", "/dashboard"],
    ["/settings", "?success=true", "/settings"],
    [
      "/team/invite/0f9c1a2e-1111-4222-8333-944455556666",
      "",
      "/team/invite/0f9c1a2e-1111-4222-8333-944455556666",
    ],
    ["/weird path", "", "/"],
  ])("%s%s reports %s, which the server accepts", (pathname, search, expected) => {
    const page = reportedPage(pathname, search);
    expect(page).toBe(expected);
    expect(pagePath.safeParse(page).success).toBe(true);
  });
});

describe("labels", () => {
  it("names pages and sections", () => {
    expect(pageLabel("/dashboard?section=analytics")).toBe("Dashboard · Analytics");
    expect(pageLabel("/team-workspace")).toBe("Team Workspace");
    expect(pageLabel("/admin/users")).toBe("Admin");
    expect(pageLabel("/team/invite/x")).toBe("Elsewhere in Kairo");
    expect(pageLabel(null)).toBe("Elsewhere in Kairo");
  });

  it("words activity with its target", () => {
    expect(activityText({ action: "test.broadcast", target: null })).toBe("broadcast a test action");
    expect(activityText({ action: "test.broadcast", target: "Hello" })).toBe(
      "broadcast a test action: “Hello”",
    );
    expect(activityText({ action: "calendar.connected", target: "Google Calendar" })).toBe(
      "connected a calendar (Google Calendar)",
    );
  });
});
