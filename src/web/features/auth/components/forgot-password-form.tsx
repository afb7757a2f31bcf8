import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { emailField } from "#shared/contracts/auth.ts";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { authErrorMessage } from "#shared/errors/auth-errors.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmailInput } from "#web/components/ui/form-field.tsx";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { authApi } from "#web/lib/auth-api.ts";
import { notifySuccess } from "#web/lib/notify.ts";

const schema = z.object({ email: emailField });

export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { email: initialEmail },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await authApi.requestPasswordReset(email);
      setSentTo(email);
      notifySuccess("Password recovery email sent", "Check your inbox for the reset link.");
    } catch (err) {
      setError(authErrorMessage(err instanceof ApiError ? err : {}, "reset-request"));
    }
  });

  if (sentTo) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">
          If an account exists for <strong>{sentTo}</strong>, a link to reset the password is on its way. It
          works for one hour.
        </Alert>
        <Button variant="outline" onClick={onBack}>
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {DEMO_MODE && <Alert tone="info">{DEMO_MODE_NOTICES.passwordReset}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <EmailInput form={form} name="email" id="reset-email" />
      <Button type="submit" size="lg" disabled={isSubmitting || DEMO_MODE}>
        {isSubmitting ? "Sending..." : "Send reset link"}
      </Button>
      <Button variant="ghost" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
