// What a proposed plan adds, moves and removes against the plan in force, for the approve-first
// preview and for write-back (a moved block moves its calendar event instead of recreating it).

import type { FixedBlock, PlannedBlock } from "./types.ts";

export type PlanDiff = {
  adds: PlannedBlock[];
  moves: { from: FixedBlock; to: PlannedBlock }[];
  removes: FixedBlock[];
  unchanged: PlannedBlock[];
};

export function diffPlans(current: readonly FixedBlock[], proposed: readonly PlannedBlock[]): PlanDiff {
  const diff: PlanDiff = { adds: [], moves: [], removes: [], unchanged: [] };
  const open = new Set(current);
  const byId = new Map(current.filter((c) => c.id).map((c) => [c.id!, c]));
  const rest: PlannedBlock[] = [];
  for (const p of proposed) {
    const from = p.previousId ? byId.get(p.previousId) : undefined;
    if (from && open.has(from) && from.taskId === p.taskId) {
      open.delete(from);
      if (from.start === p.start && from.end === p.end) diff.unchanged.push(p);
      else diff.moves.push({ from, to: p });
    } else rest.push(p);
  }
  const unmatched: PlannedBlock[] = [];
  for (const p of rest) {
    const same = [...open].find((c) => c.taskId === p.taskId && c.start === p.start && c.end === p.end);
    if (same) {
      open.delete(same);
      diff.unchanged.push(p);
    } else unmatched.push(p);
  }
  // Left over on both sides for the same task: the earliest old block moves to the earliest new one.
  for (const p of unmatched) {
    const from = [...open].filter((c) => c.taskId === p.taskId).sort((a, b) => a.start - b.start)[0];
    if (from) {
      open.delete(from);
      diff.moves.push({ from, to: p });
    } else diff.adds.push(p);
  }
  diff.removes = [...open].sort((a, b) => a.start - b.start);
  return diff;
}

/** Blocks that differ between two plans: added, moved or removed. */
export function changedBlockCount(diff: PlanDiff): number {
  return diff.adds.length + diff.moves.length + diff.removes.length;
}
