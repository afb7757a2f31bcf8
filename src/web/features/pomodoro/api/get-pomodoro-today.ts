import { queryOptions, useQuery } from "@tanstack/react-query";
import { pomodoroTodayResponse } from "#shared/contracts/tasks.ts";
import { apiFetch } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today's sessions and completed count, "today" being the browser's local day. */
export const getPomodoroToday = () =>
  apiFetch(`/api/pomodoro-sessions/today?tz=${encodeURIComponent(browserTimeZone())}`, {
    schema: pomodoroTodayResponse,
  });

export const pomodoroTodayQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pomodoro.today, queryFn: getPomodoroToday });

export const usePomodoroToday = () => useQuery(pomodoroTodayQueryOptions());
