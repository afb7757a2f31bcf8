// The permission table's rules, over every role, action and project state (fast-check walks the
// whole small space at random; the table checks name the roles the issue defines).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  decide,
  mayGrant,
  PERMISSIONS,
  PROJECT_ACTIONS,
  TEAM_ROLES,
  type TeamRole,
  WRITE_ACTIONS,
} from "./permissions.ts";

const RANK: Record<TeamRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };
const role = fc.constantFrom(...TEAM_ROLES);
const action = fc.constantFrom(...ACTIONS);
const ctx = fc.record({ role, restricted: fc.boolean(), listed: fc.boolean(), readOnly: fc.boolean() });

describe("the permission table", () => {
  it("names the issue's roles: owner billing and everything, admin members and projects, member tasks, viewer read and comment", () => {
    expect(Object.entries(PERMISSIONS.owner).every(([, v]) => v)).toBe(true);
    expect(PERMISSIONS.admin["team.billing"]).toBe(false);
    expect(PERMISSIONS.admin["project.manage"] && PERMISSIONS.admin["team.roles.change"]).toBe(true);
    expect(PERMISSIONS.member["task.write"] && !PERMISSIONS.member["project.manage"]).toBe(true);
    expect(PERMISSIONS.viewer["task.write"]).toBe(false);
    expect(PERMISSIONS.viewer["task.comment"] && PERMISSIONS.viewer["task.read"]).toBe(true);
  });

  it("never gives a lower role what a higher one lacks", () => {
    fc.assert(
      fc.property(role, role, action, (a, b, act) => {
        if (RANK[a] <= RANK[b] && PERMISSIONS[a][act]) expect(PERMISSIONS[b][act]).toBe(true);
      }),
    );
  });

  it("refuses everything to someone outside the team, as not found", () => {
    fc.assert(
      fc.property(action, (act) => {
        expect(decide({ role: null }, act)).toEqual({ allowed: false, reason: "not_member" });
      }),
    );
  });

  it("hides a restricted project from unlisted members and viewers only, and lets nothing be written when read-only", () => {
    fc.assert(
      fc.property(ctx, action, (c, act) => {
        const d = decide(c, act);
        const hidden = PROJECT_ACTIONS.has(act) && c.restricted && !c.listed && RANK[c.role] < RANK.admin;
        if (hidden) expect(d).toEqual({ allowed: false, reason: "hidden" });
        else if (!PERMISSIONS[c.role][act]) expect(d).toEqual({ allowed: false, reason: "role" });
        else if (c.readOnly && WRITE_ACTIONS.has(act))
          expect(d).toEqual({ allowed: false, reason: "read_only" });
        else expect(d).toEqual({ allowed: true });
      }),
    );
  });

  it("lets only owners make or unmake owners, and members and viewers grant nothing", () => {
    fc.assert(
      fc.property(role, role, role, (granter, from, to) => {
        const ok = mayGrant(granter, from, to);
        if (granter === "member" || granter === "viewer") expect(ok).toBe(false);
        if (granter === "admin") expect(ok).toBe(from !== "owner" && to !== "owner");
        if (granter === "owner") expect(ok).toBe(true);
      }),
    );
  });
});
