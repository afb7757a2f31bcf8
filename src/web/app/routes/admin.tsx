// /admin/*: behind the access gate's admin rule; the server answers its calls only for admin and
// super_admin too. Each tab has its own address (/admin/people, /admin/audit-log, ...), so a tab can
// be linked and reloaded. Each tab's panel sits in its own section boundary (decision 152).
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { SectionBoundary } from "#web/components/section-boundary.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { paths } from "#web/config/paths.ts";
import { AuditLogPanel } from "#web/features/admin/components/audit-log-panel.tsx";
import { DeletionsPanel } from "#web/features/admin/components/deletions-panel.tsx";
import { ErrorReportsPanel } from "#web/features/admin/components/error-reports-panel.tsx";
import { MailPanel } from "#web/features/admin/components/mail-panel.tsx";
import { OverviewPanel } from "#web/features/admin/components/overview-panel.tsx";
import { UsersPanel } from "#web/features/admin/components/users-panel.tsx";
import { useSession } from "#web/lib/session.ts";
import { AccessGate } from "../guards/access-gate.tsx";

/** Each tab, with the name its load-error card uses ("{what} could not be loaded."). */
const TABS = [
  { id: "overview", label: "Overview", what: "The figures", Panel: OverviewPanel },
  { id: "people", label: "People", what: "The people list", Panel: null },
  { id: "mail", label: "Mail outbox", what: "The mail outbox", Panel: MailPanel },
  { id: "error-reports", label: "Error reports", what: "The error reports", Panel: ErrorReportsPanel },
  { id: "deletions", label: "Pending deletions", what: "The pending deletions", Panel: DeletionsPanel },
  { id: "audit-log", label: "Audit log", what: "The audit log", Panel: AuditLogPanel },
] as const;
type TabId = (typeof TABS)[number]["id"];

const isTab = (s: string): s is TabId => TABS.some((t) => t.id === s);

export function Component() {
  return (
    <AccessGate route="/admin">
      <AdminDashboard />
    </AccessGate>
  );
}

function AdminDashboard() {
  const session = useSession();
  const navigate = useNavigate();
  const splat = useParams()["*"] ?? "";
  // The gate renders this only for a signed-in administrator.
  if (session.status !== "signed-in") return null;
  const actor = session.user;
  const tab: TabId = isTab(splat) ? splat : "overview";

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        subtitle="People, plans, billing figures and what the service sent."
      />
      <Tabs
        value={tab}
        onValueChange={(next) => navigate(next === "overview" ? paths.admin : `${paths.admin}/${next}`)}
        className="flex min-w-0 flex-col gap-5"
      >
        <TabsList aria-label="Admin sections" className="flex max-w-full flex-wrap self-start">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ id, what, Panel }) => (
          <TabsContent key={id} value={id} className="min-w-0">
            {id === tab && (
              <SectionBoundary what={what}>
                {Panel ? <Panel /> : <UsersPanel actor={{ id: actor.id, role: actor.role }} />}
              </SectionBoundary>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
