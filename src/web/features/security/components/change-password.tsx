// Settings section 3: Change Password. Current, new and confirmation all required; the strength
// meter follows the new password; success signs the person out everywhere else.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type ChangePasswordForm, changePasswordForm } from "#shared/contracts/security.ts";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { SECURITY_MESSAGES, securityErrorMessage } from "#shared/errors/security-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { PasswordInput } from "#web/components/ui/form-field.tsx";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { useChangePassword } from "../api/change-password.ts";
import { notifyFailure } from "../lib/failure-toast.ts";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

const EMPTY: ChangePasswordForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePassword() {
  const email = useSession().user?.email ?? "";
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    mode: "onTouched",
    defaultValues: EMPTY,
  });
  const newPassword = form.watch("newPassword");

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword });
      form.reset(EMPTY);
      notifySuccess("Success", SECURITY_MESSAGES.passwordUpdated);
    } catch (err) {
      const failure = err instanceof ApiError ? err : { message: String(err) };
      if (err instanceof ApiError && err.code === "INVALID_PASSWORD") {
        form.setError(
          "currentPassword",
          { message: SECURITY_MESSAGES.wrongCurrentPassword },
          { shouldFocus: true },
        );
        notifyFailure(`${SECURITY_MESSAGES.passwordUpdateFailed}. ${SECURITY_MESSAGES.wrongCurrentPassword}`);
        return;
      }
      for (const [field, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        if (field === "currentPassword" || field === "newPassword") form.setError(field, { message });
      }
      const reason = securityErrorMessage(failure, "");
      notifyFailure(
        reason
          ? `${SECURITY_MESSAGES.passwordUpdateFailed}. ${reason}`
          : SECURITY_MESSAGES.passwordUpdateFailed,
      );
    }
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-muted">
        Choose a new password. You stay signed in here; your other devices are signed out.
      </p>
      {DEMO_MODE && (
        <Alert tone="info" className="mt-4">
          {DEMO_MODE_NOTICES.passwordUpdate}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-6 flex max-w-md flex-col gap-4">
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
        <PasswordInput form={form} name="currentPassword" label="Current Password" kind="current" />
        <PasswordInput form={form} name="newPassword" label="New Password" kind="new" />
        {newPassword && <PasswordStrengthMeter id="newPassword-strength" password={newPassword} />}
        <PasswordInput form={form} name="confirmPassword" label="Confirm New Password" kind="new" />
        <div>
          <Button type="submit" disabled={change.isPending || DEMO_MODE}>
            {change.isPending ? "Updating..." : "Update Password"}
          </Button>
        </div>
      </form>
    </section>
  );
}
