// DELETE /api/tasks/:id
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "#web/lib/api-client.ts";
import { invalidateTaskData, updateCachedTasks } from "./task-cache.ts";

export const deleteTask = (id: string) =>
  apiSend(`/api/tasks/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_data, id) => {
      updateCachedTasks(qc, (t) => (t.id === id ? null : t));
      return invalidateTaskData(qc);
    },
  });
}
