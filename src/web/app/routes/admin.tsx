// /admin/*: only for admin and super_admin; the server answers its calls only for them too.
import { ShieldAlert, Users } from "lucide-react";
import { Link } from "react-router";
import { isAdminRole } from "#shared/contracts/auth.ts";
import { PageHeader } from "../../components/layout/page-header.tsx";
import { buttonVariants } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { FullPageSpinner } from "../../components/ui/spinner.tsx";
import { paths } from "../../config/paths.ts";
import { useSession } from "../../lib/session.ts";

export function Component() {
  const session = useSession();
  if (session.status === "loading") return <FullPageSpinner label="Loading..." />;
  if (!isAdminRole(session.user?.role)) {
    return (
      <section
        aria-labelledby="denied"
        className="mx-auto mt-10 max-w-md rounded-lg border border-border bg-background p-8 text-center"
      >
        <ShieldAlert className="mx-auto size-10 text-danger" aria-hidden="true" />
        <h1 id="denied" className="mt-4 text-xl font-semibold">
          Not authorised
        </h1>
        <p className="mt-2 text-muted">The admin area is for Kairo administrators only.</p>
        <Link to={paths.dashboard} className={`${buttonVariants()} mt-6`}>
          Back to Dashboard
        </Link>
      </section>
    );
  }
  return (
    <>
      <PageHeader title="Admin Dashboard" subtitle="Run the Kairo service." />
      <EmptyState icon={Users} title="Administration tools are on their way">
        People, plans, the mail outbox and audit logs will be managed here.
      </EmptyState>
    </>
  );
}
