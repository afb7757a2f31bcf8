import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type NotificationListResponse,
  type NotificationReadBody,
  notificationReadResponse,
} from "#shared/contracts/notifications.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const markNotificationsRead = (body: NotificationReadBody) =>
  apiFetch("/api/notifications/read", { schema: notificationReadResponse, method: "POST", json: body });

/** Shows them read at once; the list is fetched again afterwards either way. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: queryKeys.notifications });
      const previous = qc.getQueryData<NotificationListResponse>(queryKeys.notifications);
      if (previous) {
        const hit = (id: string) => body.all === true || (body.ids ?? []).includes(id);
        const notifications = previous.notifications.map((n) => (hit(n.id) ? { ...n, read: true } : n));
        const cleared = previous.notifications.filter((n) => hit(n.id) && !n.read).length;
        qc.setQueryData(queryKeys.notifications, {
          notifications,
          unread: body.all ? 0 : Math.max(0, previous.unread - cleared),
        });
      }
      return { previous };
    },
    onError: (_e, _b, ctx) => {
      if (ctx?.previous) qc.setQueryData(queryKeys.notifications, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
