// Pages behind sign-in: a spinner while the session resolves, then either the page or /login with
// the origin remembered so sign-in returns there. Server state (TanStack Query) starts here.
import { QueryClientProvider } from "@tanstack/react-query";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "#web/components/ui/spinner.tsx";
import { queryClient } from "#web/lib/query-client.ts";
import { useSession } from "#web/lib/session.ts";
import { loginPathFor } from "./login-path.ts";

export function Component() {
  const session = useSession();
  const location = useLocation();
  if (session.status === "loading") return <FullPageSpinner label="Loading..." />;
  if (session.status === "signed-out") {
    return <Navigate to={session.leavingTo ?? loginPathFor(location)} replace />;
  }
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
