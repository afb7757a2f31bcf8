// A repeating task's recorded occurrences read as what happened, with the next date or the end.
import { describe, expect, it } from "vitest";
import type { HistoryEntryDto } from "#shared/contracts/comments.ts";
import { historyLine } from "./history-line.ts";

const entry = (over: Partial<HistoryEntryDto>): HistoryEntryDto => ({
  id: "h1",
  kind: "occurrence_completed",
  actor: { id: "u1", name: "Ana" },
  changes: {},
  source: "person",
  createdAt: "2026-12-01T08:00:00.000Z",
  ...over,
});

describe("historyLine for occurrences", () => {
  it("names the occurrence's date and the next one's", () => {
    const line = historyLine(
      entry({ changes: { deadline: { from: "2026-12-01T08:00:00.000Z", to: "2026-12-02T08:00:00.000Z" } } }),
    );
    expect(line).toMatch(/^Ana completed the occurrence due Dec 1, 2026.*; the next is due Dec 2, 2026/);
  });

  it("says a skip, and when the series ended, by a workflow", () => {
    const line = historyLine(
      entry({
        kind: "occurrence_skipped",
        source: "workflow",
        changes: { deadline: { from: "2026-12-01T08:00:00.000Z", to: null } },
      }),
    );
    expect(line).toMatch(
      /^Ana skipped the occurrence due Dec 1, 2026.*; the series has ended \(by a workflow\)$/,
    );
  });
});
