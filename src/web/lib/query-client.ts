import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

/**
 * `throwOnError` for a section's own query: a failure with nothing yet to show goes to the section's
 * boundary (components/section-boundary.tsx: the load-error card with Retry in the section's place);
 * a failed background refetch keeps what is already shown.
 */
export const throwWhenEmpty = (_error: unknown, query: { state: { data: unknown } }) =>
  query.state.data === undefined;
