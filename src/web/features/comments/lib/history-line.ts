// One line of a task's history in words: "Ana changed the title from “a” to “b”".
import type { HistoryEntryDto, HistoryField } from "#shared/contracts/comments.ts";

const STATUS: Record<string, string> = { todo: "To do", in_progress: "In progress", completed: "Completed" };
const PRIORITY: Record<string, string> = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" };

const deadline = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

function change(field: HistoryField, from: string | null, to: string | null): string {
  switch (field) {
    case "title":
      return `renamed it from “${from ?? ""}” to “${to ?? ""}”`;
    case "status":
      return `moved it from ${STATUS[from ?? ""] ?? from} to ${STATUS[to ?? ""] ?? to}`;
    case "priority":
      return `changed the priority from ${PRIORITY[from ?? ""] ?? from} to ${PRIORITY[to ?? ""] ?? to}`;
    case "deadline":
      if (!to) return "removed the deadline";
      return from ? `moved the deadline to ${deadline(to)}` : `set the deadline to ${deadline(to)}`;
    case "assignee":
      return to ? "assigned it" : "unassigned it";
  }
}

export function historyLine(entry: HistoryEntryDto): string {
  const who = entry.actor ? entry.actor.name || "Someone" : "Deleted user";
  const via = entry.source === "workflow" ? " (by a workflow)" : "";
  const changes = Object.entries(entry.changes) as [
    HistoryField,
    { from: string | null; to: string | null },
  ][];
  switch (entry.kind) {
    case "created":
      return `${who} created the task${via}`;
    case "completed":
      return `${who} completed the task${via}`;
    case "reopened":
      return `${who} reopened the task${via}`;
    case "deleted":
      return `${who} deleted the task${via}`;
    case "occurrence_completed":
    case "occurrence_skipped": {
      const verb = entry.kind === "occurrence_completed" ? "completed" : "skipped";
      const due = entry.changes.deadline;
      const which = due?.from ? `the occurrence due ${deadline(due.from)}` : "an occurrence";
      const then = due?.to ? `; the next is due ${deadline(due.to)}` : "; the series has ended";
      return `${who} ${verb} ${which}${then}${via}`;
    }
    default: {
      const parts = changes.map(([f, c]) => change(f, c.from, c.to));
      return `${who} ${parts.length ? parts.join(", ") : "changed the task"}${via}`;
    }
  }
}
