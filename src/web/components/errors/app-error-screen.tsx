// Shown when the application fails to render (spec: Error Loading Application). Try Again is
// withdrawn after 3 errors in this tab; the last 10 errors are kept locally for the bug report.
import { AlertTriangle } from "lucide-react";
import { useEffect, useState } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "react-router";
import { ERROR_SCREEN } from "#shared/domain/limits.ts";
import { mailtoLink, siteConfig } from "#shared/domain/site-config.ts";
import { componentStackOf } from "#web/lib/component-stacks.ts";
import { type ErrorLogEntry, recordError } from "#web/lib/error-log.ts";
import { Button } from "../ui/button.tsx";

const COUNT_KEY = "kairo-error-count";

function bumpErrorCount(): number {
  try {
    const n = Number(sessionStorage.getItem(COUNT_KEY) ?? "0") + 1;
    sessionStorage.setItem(COUNT_KEY, String(n));
    return n;
  } catch {
    return 1;
  }
}

export function AppErrorScreen() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<{ count: number; log: ErrorLogEntry[] } | null>(null);

  useEffect(() => {
    const count = bumpErrorCount();
    const log = recordError(error instanceof Error ? error : new Error(text), componentStackOf(error));
    setState({ count, log });
  }, [error, text]);

  const retryAllowed = (state?.count ?? 1) < ERROR_SCREEN.retryWithdrawnAfter;
  const report = mailtoLink(
    siteConfig.supportEmail,
    "Bug report: Error Loading Application",
    `What happened:\n\n\nError: ${text}\nPage: ${window.location.href}\nTime: ${new Date().toISOString()}\n\nRecent errors:\n${(
      state?.log ?? []
    )
      .slice(0, 5)
      .map((e) => `- ${e.timestamp} ${e.message} (${e.url})`)
      .join("\n")}`,
  );

  return (
    <main className="grid min-h-dvh place-items-center bg-surface p-6">
      <div
        role="alert"
        className="w-full max-w-md rounded-lg border border-border bg-background p-6 shadow-sm"
      >
        <div className="flex items-center gap-3">
          <AlertTriangle className="size-6 text-danger" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Error Loading Application</h1>
        </div>
        <p className="mt-3 break-words rounded-md bg-surface-2 p-3 font-mono text-sm">{text}</p>
        {!retryAllowed && (
          <p className="mt-3 text-sm text-muted">
            This keeps happening. Refreshing the page usually fixes it; if not, please report the bug.
          </p>
        )}
        <div className="mt-5 flex flex-wrap gap-2">
          {retryAllowed && (
            <Button onClick={() => navigate(`${location.pathname}${location.search}`, { replace: true })}>
              Try Again
            </Button>
          )}
          <Button variant={retryAllowed ? "outline" : "primary"} onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
          <Button variant="outline" onClick={() => window.location.assign("/")}>
            Go Home
          </Button>
          <Button variant="ghost" asChild>
            <a href={report}>Report Bug</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
