// Where the verification link lands: Better Auth has verified the address and signed the person in
// (or put ?error= in the address). Confirm the session, then continue to the dashboard.
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "#web/components/ui/alert.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { AuthShell } from "#web/features/auth/components/auth-shell.tsx";
import { notifySuccess } from "#web/lib/notify.ts";
import { refreshSession } from "#web/lib/session.ts";

const ERRORS: Record<string, string> = {
  token_expired: "This verification link has expired. Sign in to get a new one.",
  invalid_token: "This verification link is not valid. Sign in to get a new one.",
  user_not_found: "No account found for this link.",
};

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const error = params.get("error");
  const [state, setState] = useState<"checking" | "signed-out">("checking");

  useEffect(() => {
    if (error) return;
    let cancelled = false;
    void refreshSession().then((s) => {
      if (cancelled) return;
      if (s.status === "signed-in") {
        notifySuccess("Email verified", "You are signed in.");
        navigate(paths.dashboard, { replace: true });
      } else {
        setState("signed-out");
      }
    });
    return () => {
      cancelled = true;
    };
  }, [error, navigate]);

  if (error || state === "signed-out") {
    return (
      <AuthShell title="Email verification">
        <div className="flex flex-col gap-4">
          <Alert tone={error ? "error" : "info"}>
            {error
              ? (ERRORS[error.toLowerCase()] ?? "We could not verify this link.")
              : "Your email is verified. Please sign in to continue."}
          </Alert>
          <Link to={paths.login} className={buttonVariants({ size: "lg" })}>
            Go to Sign In
          </Link>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Verifying your email">
      <Spinner label="Signing you in..." visibleLabel />
    </AuthShell>
  );
}
