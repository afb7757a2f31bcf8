// One section's loading and error boundary: a dashboard panel, a settings section or a gated page
// is wrapped in it, so a section that is loading shows a spinner in its own place and one that fails
// shows the load-error card with Retry there, while the rest of the page keeps working. Retry resets
// the section's failed queries and renders it again; moving to another address resets it too.
import { QueryErrorResetBoundary } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocation } from "react-router";
import { ApiError } from "#web/lib/api-client.ts";
import { recordError } from "#web/lib/error-log.ts";
import { LoadError } from "./ui/load-error.tsx";
import { Spinner } from "./ui/spinner.tsx";

export function SectionBoundary({
  what,
  children,
  loading,
  className,
}: {
  /** The section's name as people read it: "{what} could not be loaded." */
  what: string;
  children: ReactNode;
  /** What shows while the section loads (default: a spinner labelled "Loading {what}..."). */
  loading?: ReactNode;
  className?: string;
}) {
  const { pathname } = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          resetKeys={[pathname]}
          // A call that failed is the server's answer, shown in the card; anything else is our bug.
          onError={(error, info) => {
            if (!(error instanceof ApiError)) recordError(error, info.componentStack ?? undefined);
          }}
          fallbackRender={({ error, resetErrorBoundary }) => (
            <LoadError what={what} error={error} onRetry={resetErrorBoundary} className={className} />
          )}
        >
          <Suspense
            fallback={loading ?? <Spinner label={`Loading ${what}...`} className={className ?? "p-6"} />}
          >
            {children}
          </Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
