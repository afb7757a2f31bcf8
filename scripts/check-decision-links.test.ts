import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findDecisionLinkProblems } from "./check-decision-links.ts";

const root = resolve(import.meta.dirname, "..");

describe("check-decision-links", () => {
  it("refuses every citation of a decision that does not exist, a wrong file name and a record missing from the index", () => {
    expect(findDecisionLinkProblems(join(root, "tests/fixtures/decisions"))).toEqual([
      "src/server/cited.ts:2 cites decision 033, which does not exist",
      "src/server/cited.ts:2 cites decision 009, which does not exist",
      "src/server/cited.ts:2 links 002-second-wrong.md; the decision is 002-second.md",
      "docs/decisions/001-first.md:3 links decision 003, which does not exist",
      "README.md:1 links decision 004, which does not exist",
      "docs/decisions/index.md does not list 002-second.md (one line: [NNN](file) title)",
    ]);
  });

  it("finds nothing in the project itself", () => {
    expect(findDecisionLinkProblems(root)).toEqual([]);
  });
});
