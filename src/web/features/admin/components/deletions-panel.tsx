// Accounts their owners deleted, waiting for the purge at the end of the retention period.
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { DATA_RETENTION_DAYS } from "#shared/domain/limits.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { DELETIONS_PAGE_SIZE, useDeletions } from "../api/get-deletions.ts";
import { formatDate, formatDateTime } from "./format.ts";
import { Pager, ScrollTable, TD, TH } from "./pager.tsx";

export function DeletionsPanel() {
  const [page, setPage] = useState(1);
  const deletions = useDeletions(page);
  // A failed first load goes to the tab's section boundary (throwWhenEmpty).
  if (!deletions.data) return <Spinner label="Loading..." visibleLabel className="py-10" />;
  const intro = (
    <p className="text-sm text-muted">
      A deleted account is signed out and barred at once; its data is purged {DATA_RETENTION_DAYS} days later
      by a daily job.
    </p>
  );
  if (deletions.data.items.length === 0)
    return (
      <div className="flex flex-col gap-3">
        {intro}
        <EmptyState icon={Trash2} title="No accounts waiting for deletion" />
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      {intro}
      <ScrollTable label="Pending deletions">
        <table className="w-full text-sm">
          <thead className="border-b border-border bg-surface">
            <tr>
              <th scope="col" className={TH}>
                Email
              </th>
              <th scope="col" className={TH}>
                Deleted on
              </th>
              <th scope="col" className={TH}>
                Purged after
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {deletions.data.items.map((d) => (
              <tr key={d.userId}>
                <td className={TD}>{d.email}</td>
                <td className={TD}>{formatDateTime(d.requestedAt)}</td>
                <td className={TD}>{formatDate(d.purgeAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <Pager
        label="Pending deletions"
        page={deletions.data.page}
        pageSize={DELETIONS_PAGE_SIZE}
        total={deletions.data.total}
        onPage={setPage}
      />
    </div>
  );
}
