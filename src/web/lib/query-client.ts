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

/**
 * As throwWhenEmpty, for a section whose refusals are its content (a checkout that does not exist, an
 * invitation for another account): a 4xx answer stays with the section, which says what it means; a
 * failure (network, 5xx) goes to the boundary's card with Retry.
 */
export const throwFailureWhenEmpty = (error: unknown, query: { state: { data: unknown } }) =>
  throwWhenEmpty(error, query) && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
