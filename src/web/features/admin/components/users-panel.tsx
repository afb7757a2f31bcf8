// People: search by name or email, a page of results, and per person the actions an administrator
// may take (each asks for confirmation in a dialog).
import { Search, ShieldCheck, Users } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_LIMITS, type AdminUser } from "#shared/contracts/admin.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { USERS_PAGE_SIZE, useUsers } from "../api/get-users.ts";
import { BanDialog, UnbanDialog } from "./ban-dialogs.tsx";
import { formatDate, formatDateTime, PLAN_LABELS, ROLE_LABELS } from "./format.ts";
import { Pager, ScrollTable, TD, TH } from "./pager.tsx";
import { PlanDialog } from "./plan-dialog.tsx";
import { RoleDialog } from "./role-dialog.tsx";

type Dialog = { kind: "role" | "ban" | "unban" | "plan"; user: AdminUser } | null;

export function UsersPanel({ actor }: { actor: { id: string; role: string } }) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [draft, setDraft] = useState(q);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useUsers({ q: q || undefined, page });

  const go = (next: { q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    if (nq) search.set("q", nq);
    if (np > 1) search.set("page", String(np));
    setParams(search);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft.trim(), page: 1 });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <form aria-label="Search people" onSubmit={submit} className="flex flex-col gap-1.5 sm:max-w-md">
        <Label htmlFor="admin-user-search">Search people by name or email</Label>
        <div className="flex gap-2">
          <Input
            id="admin-user-search"
            type="search"
            value={draft}
            maxLength={ADMIN_LIMITS.search}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Name or email"
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>

      {!users.data ? (
        <Spinner label="Loading..." visibleLabel className="py-10" />
      ) : users.data.items.length === 0 ? (
        <EmptyState icon={Users} title={q ? "Nobody matches this search" : "No people yet"}>
          {q ? "Try part of a name or an email address." : "People appear here once they sign up."}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {users.data.total.toLocaleString("en-US")} {users.data.total === 1 ? "person" : "people"}
            {q ? ` matching “${q}”` : ""}
          </p>
          <ScrollTable label="People">
            <table className="w-full text-sm">
              <thead className="border-b border-border bg-surface">
                <tr>
                  <th scope="col" className={TH}>
                    Person
                  </th>
                  <th scope="col" className={TH}>
                    Role
                  </th>
                  <th scope="col" className={TH}>
                    Plan
                  </th>
                  <th scope="col" className={TH}>
                    Verified
                  </th>
                  <th scope="col" className={TH}>
                    2FA
                  </th>
                  <th scope="col" className={TH}>
                    Created
                  </th>
                  <th scope="col" className={TH}>
                    Last active
                  </th>
                  <th scope="col" className={TH}>
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.data.items.map((u) => (
                  <UserRow
                    key={u.id}
                    user={u}
                    actor={actor}
                    onAction={(kind) => setDialog({ kind, user: u })}
                  />
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <Pager
            label="People"
            page={users.data.page}
            pageSize={USERS_PAGE_SIZE}
            total={users.data.total}
            onPage={(p) => go({ page: p })}
          />
        </>
      )}

      <RoleDialog
        user={dialog?.kind === "role" ? dialog.user : null}
        actorRole={actor.role}
        onClose={() => setDialog(null)}
      />
      <BanDialog user={dialog?.kind === "ban" ? dialog.user : null} onClose={() => setDialog(null)} />
      <UnbanDialog user={dialog?.kind === "unban" ? dialog.user : null} onClose={() => setDialog(null)} />
      <PlanDialog user={dialog?.kind === "plan" ? dialog.user : null} onClose={() => setDialog(null)} />
    </div>
  );
}

function UserRow({
  user: u,
  actor,
  onAction,
}: {
  user: AdminUser;
  actor: { id: string; role: string };
  onAction: (kind: "role" | "ban" | "unban" | "plan") => void;
}) {
  const isSelf = u.id === actor.id;
  const targetIsAdmin = u.role !== "user";
  const superOnly = targetIsAdmin && actor.role !== "super_admin";
  const who = u.name || u.email;
  return (
    <tr data-testid="admin-user-row">
      <td className={TD}>
        <div className="font-medium">{u.name || "—"}</div>
        <div className="text-muted">{u.email}</div>
        {u.banned && (
          <Badge tone="danger" className="mt-1" title={u.banReason ?? undefined}>
            {u.pendingDeletion ? "Deleting" : "Banned"}
          </Badge>
        )}
      </td>
      <td className={TD}>
        {u.role === "user" ? (
          ROLE_LABELS.user
        ) : (
          <Badge tone="accent">
            <ShieldCheck className="size-3" aria-hidden="true" />
            {ROLE_LABELS[u.role]}
          </Badge>
        )}
      </td>
      <td className={TD}>
        {PLAN_LABELS[u.plan]}
        {u.seats ? ` · ${u.seats} seats` : ""}
        {u.plan === "trial" && u.trialEndsAt && (
          <div className="text-xs text-muted">until {formatDate(u.trialEndsAt)}</div>
        )}
      </td>
      <td className={TD}>{u.emailVerified ? "Yes" : "No"}</td>
      <td className={TD}>{u.twoFactorEnabled ? "On" : "Off"}</td>
      <td className={TD}>{formatDate(u.createdAt)}</td>
      <td className={TD}>{u.lastActiveAt ? formatDateTime(u.lastActiveAt) : "Never"}</td>
      <td className={TD}>
        <div className="flex gap-1.5">
          <Button size="sm" variant="outline" disabled={superOnly} onClick={() => onAction("role")}>
            Change role<span className="sr-only"> of {who}</span>
          </Button>
          {u.banned ? (
            <Button
              size="sm"
              variant="outline"
              disabled={superOnly || u.pendingDeletion}
              onClick={() => onAction("unban")}
            >
              Unban<span className="sr-only"> {who}</span>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={superOnly || isSelf}
              onClick={() => onAction("ban")}
            >
              Ban<span className="sr-only"> {who}</span>
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => onAction("plan")}>
            Override plan<span className="sr-only"> of {who}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}
