// Names of the people tasks are assigned to, for the task cards (issue 23): the screen that lists a
// team project's tasks knows its members and provides them; elsewhere only "You" is known.
import { createContext, useContext } from "react";

export const AssigneeNames = createContext<ReadonlyMap<string, string>>(new Map());

/** "Assigned to Sam", or null when the task has no assignee or the name is not known here. */
export function useAssigneeLabel(assigneeId: string | null): string | null {
  const names = useContext(AssigneeNames);
  if (!assigneeId) return null;
  const name = names.get(assigneeId);
  return name ? `Assigned to ${name}` : null;
}
