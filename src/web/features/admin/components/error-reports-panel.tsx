// Error reports sent by browsers whose owners allow crash reports, newest first.
import { Bug } from "lucide-react";
import { useState } from "react";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ERROR_REPORTS_PAGE_SIZE, useErrorReports } from "../api/get-error-reports.ts";
import { formatDateTime } from "./format.ts";
import { Pager } from "./pager.tsx";

export function ErrorReportsPanel() {
  const [page, setPage] = useState(1);
  const reports = useErrorReports(page);
  // A failed first load goes to the tab's section boundary (throwWhenEmpty).
  if (!reports.data) return <Spinner label="Loading..." visibleLabel className="py-10" />;
  if (reports.data.items.length === 0)
    return (
      <EmptyState icon={Bug} title="No error reports">
        When the app fails in someone's browser and they allow crash reports, the error arrives here.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Error reports">
        {reports.data.items.map((r) => (
          <li key={r.id}>
            <Card className="p-4">
              <details>
                <summary className="cursor-pointer list-none">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="break-all font-medium text-danger">{r.message}</span>
                    <time className="text-xs text-muted tabular-nums" dateTime={r.createdAt}>
                      {formatDateTime(r.createdAt)}
                    </time>
                  </div>
                  <div className="break-all text-sm text-muted">
                    {r.userEmail ?? (r.userId ? "Deleted account" : "Signed-out visitor")}
                    {r.url ? ` · ${r.url}` : ""}
                  </div>
                </summary>
                <dl className="mt-3 flex flex-col gap-2 text-xs">
                  {r.userAgent && (
                    <div>
                      <dt className="font-semibold">Browser</dt>
                      <dd className="break-all text-muted">{r.userAgent}</dd>
                    </div>
                  )}
                  {r.stack && (
                    <div>
                      <dt className="font-semibold">Stack</dt>
                      <dd>
                        <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface p-2">
                          {r.stack}
                        </pre>
                      </dd>
                    </div>
                  )}
                  {r.componentStack && (
                    <div>
                      <dt className="font-semibold">Component stack</dt>
                      <dd>
                        <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface p-2">
                          {r.componentStack}
                        </pre>
                      </dd>
                    </div>
                  )}
                </dl>
              </details>
            </Card>
          </li>
        ))}
      </ul>
      <Pager
        label="Error reports"
        page={reports.data.page}
        pageSize={ERROR_REPORTS_PAGE_SIZE}
        total={reports.data.total}
        onPage={setPage}
      />
    </div>
  );
}
