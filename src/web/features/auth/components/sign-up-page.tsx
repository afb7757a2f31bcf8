import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Sparkles } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type SignUpForm, signUpForm } from "#shared/contracts/auth.ts";
import { TRIAL_DAYS } from "#shared/domain/limits.ts";
import { authErrorMessage } from "#shared/errors/auth-errors.ts";
import { AUTH_MESSAGES } from "#shared/errors/auth-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { buttonVariants } from "#web/components/ui/button-variants.ts";
import { EmailInput, FormInput } from "#web/components/ui/form-field.tsx";
import { DEMO_MODE } from "#web/config/demo-mode.ts";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { authApi } from "#web/lib/auth-api.ts";
import { AuthShell, TermsNotice } from "./auth-shell.tsx";
import { NewPasswordFields } from "./new-password-fields.tsx";

const BENEFITS = [
  "AI task prioritisation and smart scheduling",
  "Live timers, Pomodoro focus sessions and time logs",
  "Analytics of where your time goes",
  "Workflow automation and team workspace",
];

function TrialBenefits() {
  return (
    <section aria-labelledby="trial-heading" className="pt-2 md:pt-8">
      <h2 id="trial-heading" className="text-3xl font-semibold tracking-tight">
        Start your {TRIAL_DAYS}-day free trial
      </h2>
      <p className="mt-3 text-muted">
        Every Pro feature, no credit card, no charge until the trial ends. Cancel anytime.
      </p>
      <ul className="mt-6 flex flex-col gap-3">
        {BENEFITS.map((b) => (
          <li key={b} className="flex items-start gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <span>{b}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex items-start gap-3 rounded-lg border border-accent/30 bg-accent-soft/40 p-4">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-sm">
          <strong>Limited offer:</strong> 20% off the first 3 months when you upgrade to Pro.
        </p>
      </div>
    </section>
  );
}

export function SignUpPage() {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignUpForm>({
    resolver: zodResolver(signUpForm),
    mode: "onTouched",
    defaultValues: { fullName: "", email: "", password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    // No backend configured (spec, sign-up page): no account is made; the demo dashboard opens.
    if (DEMO_MODE) {
      navigate(paths.dashboard);
      return;
    }
    try {
      await authApi.signUp({ name: v.fullName, email: v.email, password: v.password });
      setDone(true);
    } catch (err) {
      setError(authErrorMessage(err instanceof ApiError ? err : {}, "sign-up"));
    }
  });

  if (done) {
    return (
      <AuthShell title="Check your email" aside={<TrialBenefits />}>
        <div className="flex flex-col gap-4">
          <Alert tone="success">
            <p className="font-medium">Success</p>
            <p>{AUTH_MESSAGES.signUpSuccess}</p>
          </Alert>
          <Link
            to={`${paths.login}?email=${encodeURIComponent(form.getValues("email"))}`}
            className={buttonVariants({ size: "lg" })}
          >
            Go to Sign In
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle={
        <>
          Already have an account?{" "}
          <Link to={paths.login} className="font-medium text-accent hover:underline">
            Sign in
          </Link>
        </>
      }
      aside={<TrialBenefits />}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <FormInput form={form} name="fullName" label="Full Name" autoComplete="name" />
        <EmailInput form={form} name="email" />
        <NewPasswordFields form={form} name="password" label="Password" hint="At least 8 characters." />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? "Creating account..." : "Create Account"}
        </Button>
        <TermsNotice action="creating an account" />
      </form>
    </AuthShell>
  );
}
