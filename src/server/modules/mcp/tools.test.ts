import { describe, expect, it } from "vitest";
import { MCP_SCOPES } from "#shared/domain/api-scopes.ts";
import { TOOLS } from "./tools.ts";

describe("the MCP tools", () => {
  it("need exactly the scopes the MCP server's metadata offers", () => {
    expect([...new Set(TOOLS.map((t) => t.scope))].sort()).toEqual([...MCP_SCOPES].sort());
  });

  it("have unique names in MCP's snake case", () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z_]{2,40}$/);
  });
});
