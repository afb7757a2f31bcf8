import { queryOptions, useQuery } from "@tanstack/react-query";
import { notificationListResponse } from "#shared/contracts/notifications.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

export const getNotifications = () => apiFetch("/api/notifications", { schema: notificationListResponse });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.notifications, queryFn: getNotifications, staleTime: 60_000 });

export const useNotifications = () => useQuery(notificationsQueryOptions());
