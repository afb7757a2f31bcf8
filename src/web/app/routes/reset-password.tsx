import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { resetPasswordForm } from "#shared/contracts/auth.ts";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { authErrorMessage, INVALID_RESET_LINK } from "#shared/errors/auth-errors.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { paths } from "#web/config/paths.ts";
import { AuthShell } from "#web/features/auth/components/auth-shell.tsx";
import { NewPasswordFields } from "#web/features/auth/components/new-password-fields.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { authApi } from "#web/lib/auth-api.ts";
import { notifySuccess } from "#web/lib/notify.ts";

type Values = { newPassword: string; confirmPassword: string };

export function Component() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const linkError = params.get("error");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(resetPasswordForm),
    mode: "onTouched",
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  if (DEMO_MODE) {
    return (
      <AuthShell title="Reset your password">
        <div className="flex flex-col gap-4">
          <Alert tone="info">{DEMO_MODE_NOTICES.passwordReset}</Alert>
          <Link to={paths.dashboard} className={buttonVariants({ size: "lg" })}>
            Try Demo
          </Link>
        </div>
      </AuthShell>
    );
  }

  if (!token || linkError) {
    return (
      <AuthShell title="Reset your password">
        <div className="flex flex-col gap-4">
          <Alert tone="error">{INVALID_RESET_LINK}</Alert>
          <Link to={`${paths.login}?forgot=1`} className={buttonVariants({ size: "lg" })}>
            Ask for a new link
          </Link>
        </div>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title="Password updated">
        <div className="flex flex-col gap-4">
          <Alert tone="success">Your password has been changed. Sign in with your new password.</Alert>
          <Link to={paths.login} className={buttonVariants({ size: "lg" })}>
            Go to Sign In
          </Link>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await authApi.resetPassword(v.newPassword, token);
      notifySuccess("Password updated successfully");
      setDone(true);
    } catch (err) {
      setError(authErrorMessage(err instanceof ApiError ? err : {}, "reset"));
    }
  });

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="At least 8 characters. Other devices will be signed out."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <NewPasswordFields form={form} name="newPassword" label="New Password" />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Set new password"}
        </Button>
      </form>
    </AuthShell>
  );
}
