import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type SignInForm, signInForm } from "#shared/contracts/auth.ts";
import { DEMO_MODE_NOTICES } from "#shared/domain/demo-mode.ts";
import { authErrorMessage } from "#shared/errors/auth-errors.ts";
import { AUTH_MESSAGES } from "#shared/errors/auth-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { EmailInput, PasswordInput } from "#web/components/ui/form-field.tsx";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { authApi } from "#web/lib/auth-api.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { safeRedirect } from "../safe-redirect.ts";
import { AuthShell, TermsNotice } from "./auth-shell.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { TwoFactorChallenge } from "./two-factor-challenge.tsx";

const OFFLINE_SESSION =
  "You are offline, so Kairo cannot check your sign-in. It will as soon as the connection returns.";

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOffline = () => navigator.onLine === false;

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<"sign-in" | "forgot" | "two-factor">(
    params.get("forgot") ? "forgot" : "sign-in",
  );
  const [error, setError] = useState<{ text: string; unverified: boolean } | null>(null);
  const [resent, setResent] = useState<"idle" | "sending" | "sent">("idle");
  const session = useSession();
  const restoreFailed = session.status === "signed-out" && session.restoreFailed === true;
  const offline = useSyncExternalStore(subscribeOnline, isOffline, () => false);
  // Sent here because the session could not be checked (offline): once it is, on to the page asked for.
  const [restoring] = useState(restoreFailed);
  useEffect(() => {
    if (restoring && session.status === "signed-in")
      navigate(safeRedirect(params.get("redirect")), { replace: true });
  }, [restoring, session.status, navigate, params]);
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInForm),
    mode: "onTouched",
    defaultValues: { email: params.get("email") ?? "", password: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setResent("idle");
    try {
      const res = await authApi.signIn(values);
      if (res.twoFactorRedirect) {
        // The password was right; the account asks for its second factor before a session exists.
        form.resetField("password");
        setMode("two-factor");
        return;
      }
      finishSignIn();
    } catch (err) {
      const failure = err instanceof ApiError ? err : { message: String(err) };
      setError({
        text: authErrorMessage(failure, "sign-in"),
        unverified: err instanceof ApiError && err.code === "EMAIL_NOT_VERIFIED",
      });
    }
  });

  function finishSignIn() {
    notifySuccess("Signed in", "Welcome back to Kairo.");
    navigate(safeRedirect(params.get("redirect")), { replace: true });
  }

  const resend = async () => {
    setResent("sending");
    try {
      await authApi.sendVerificationEmail(form.getValues("email"));
      setResent("sent");
    } catch (err) {
      setResent("idle");
      setError({ text: authErrorMessage(err instanceof ApiError ? err : {}, "resend"), unverified: true });
    }
  };

  if (mode === "two-factor") {
    return (
      <AuthShell
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code from your authenticator app, or one of your backup codes."
      >
        <TwoFactorChallenge
          onSignedIn={finishSignIn}
          onRestart={(message) => {
            setError(message ? { text: message, unverified: false } : null);
            setMode("sign-in");
          }}
        />
      </AuthShell>
    );
  }

  if (mode === "forgot") {
    return (
      <AuthShell title="Reset your password" subtitle="We will email you a link to choose a new password.">
        <ForgotPasswordForm initialEmail={form.getValues("email")} onBack={() => setMode("sign-in")} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Sign in to Kairo"
      subtitle={
        <>
          New here?{" "}
          <Link to={paths.signup} className="font-medium text-accent hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      {DEMO_MODE && (
        <Alert tone="info" className="mb-4">
          <p>{DEMO_MODE_NOTICES.signIn}</p>
          <Link to={paths.dashboard} className="mt-2 inline-block font-medium text-accent hover:underline">
            Try Demo
          </Link>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {restoreFailed && !error && (
          <Alert tone="error">{offline ? OFFLINE_SESSION : AUTH_MESSAGES.restoreSessionFailed}</Alert>
        )}
        {error && (
          <Alert tone="error">
            <p>{error.text}</p>
            {error.unverified && (
              <div className="mt-2">
                {resent === "sent" ? (
                  <p className="text-foreground">A new verification email is on its way.</p>
                ) : (
                  <Button
                    variant="link"
                    size="sm"
                    onClick={resend}
                    disabled={resent === "sending"}
                    className="h-auto"
                  >
                    {resent === "sending" ? "Sending..." : "Resend verification email"}
                  </Button>
                )}
              </div>
            )}
          </Alert>
        )}
        <EmailInput form={form} name="email" placeholder="you@example.com" />
        <PasswordInput
          form={form}
          name="password"
          label="Password"
          kind="current"
          labelAside={
            <Button variant="link" size="sm" className="h-auto" onClick={() => setMode("forgot")}>
              Forgot password?
            </Button>
          }
        />
        <Button type="submit" size="lg" disabled={isSubmitting || DEMO_MODE}>
          {isSubmitting ? "Signing in..." : "Sign In"}
        </Button>
        <TermsNotice action="signing in" />
      </form>
    </AuthShell>
  );
}
