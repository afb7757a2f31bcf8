// Every admin action, newest first: who did what to whom, and the details kept with it.
import { ScrollText } from "lucide-react";
import { useState } from "react";
import type { AdminAuditEntry } from "#shared/contracts/admin.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { AUDIT_LOG_PAGE_SIZE, useAuditLog } from "../api/get-audit-log.ts";
import { ACTION_LABELS, formatDateTime } from "./format.ts";
import { Pager, ScrollTable, TD, TH } from "./pager.tsx";

export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  // A failed first load goes to the tab's section boundary (throwWhenEmpty).
  if (!log.data) return <Spinner label="Loading..." visibleLabel className="py-10" />;
  if (log.data.items.length === 0)
    return (
      <EmptyState icon={ScrollText} title="No admin actions yet">
        Role changes, bans, unbans and plan overrides are recorded here as they happen.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-2">
      <ScrollTable label="Audit log">
        <table className="w-full text-sm">
          <thead className="border-b border-border bg-surface">
            <tr>
              <th scope="col" className={TH}>
                When
              </th>
              <th scope="col" className={TH}>
                Administrator
              </th>
              <th scope="col" className={TH}>
                Action
              </th>
              <th scope="col" className={TH}>
                Person
              </th>
              <th scope="col" className={TH}>
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {log.data.items.map((entry) => (
              <tr key={entry.id} data-testid="admin-audit-row">
                <td className={TD}>{formatDateTime(entry.createdAt)}</td>
                <td className={TD}>{entry.actorEmail}</td>
                <td className={TD}>{ACTION_LABELS[entry.action] ?? entry.action}</td>
                <td className={TD}>{entry.targetEmail ?? "—"}</td>
                <td className={`${TD} whitespace-normal text-muted`}>{describeDetails(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <Pager
        label="Audit log"
        page={log.data.page}
        pageSize={AUDIT_LOG_PAGE_SIZE}
        total={log.data.total}
        onPage={setPage}
      />
    </div>
  );
}

/** One line a person can read, from the details the server kept with the action. */
export function describeDetails(entry: Pick<AdminAuditEntry, "action" | "details">): string {
  const d = entry.details;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  switch (entry.action) {
    case "user.role_changed":
      return `From ${text(d.from) || "?"} to ${text(d.to) || "?"}`;
    case "user.banned":
      return d.reason ? `Reason: ${text(d.reason)}` : "No reason given";
    case "user.unbanned":
      return d.previousReason ? `Was banned for: ${text(d.previousReason)}` : "";
    case "user.plan_overridden":
      return `Set to ${text(d.plan) || "?"} by hand`;
    default:
      return "";
  }
}
