// Settings section 4: Two-Factor Authentication. Off -> enrolling (QR code, setup key, code entry)
// -> on (backup codes shown once). The password confirms turning it on and off.
import { Copy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { totpCodeField } from "#shared/contracts/security.ts";
import { SECURITY_MESSAGES, securityErrorMessage } from "#shared/errors/security-messages.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifySuccess } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { useDisableTwoFactor } from "../api/disable-two-factor.ts";
import { type TwoFactorEnrolment, useEnableTwoFactor } from "../api/enable-two-factor.ts";
import { useVerifyTwoFactor } from "../api/verify-two-factor.ts";
import { notifyFailure } from "../lib/failure-toast.ts";
import { BackupCodesPanel } from "./backup-codes-panel.tsx";
import { ConfirmPasswordDialog } from "./confirm-password-dialog.tsx";
import { QrCode } from "./qr-code.tsx";

type Phase =
  | { step: "idle" }
  | ({ step: "enrolling" } & TwoFactorEnrolment)
  | { step: "codes"; backupCodes: string[] };

const failureOf = (err: unknown) => (err instanceof ApiError ? err : { message: String(err) });

/** The base32 key of an otpauth URI, in groups of four for typing by hand. */
function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function TwoFactorSettings() {
  const session = useSession();
  const enabled = session.user?.twoFactorEnabled === true;
  const [phase, setPhase] = useState<Phase>({ step: "idle" });
  const [dialog, setDialog] = useState<"enable" | "disable" | null>(null);
  const [dialogError, setDialogError] = useState<string>();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();

  const checked = enabled || phase.step !== "idle";
  const onSwitch = (next: boolean) => {
    setDialogError(undefined);
    if (next && !enabled) setDialog("enable");
    else if (!next && phase.step === "enrolling") setPhase({ step: "idle" });
    else if (!next && enabled) setDialog("disable");
  };

  const startEnrolment = async (password: string) => {
    setDialogError(undefined);
    try {
      const enrolment = await enable.mutateAsync(password);
      setPhase({ step: "enrolling", ...enrolment });
      setDialog(null);
    } catch (err) {
      const message = securityErrorMessage(failureOf(err), SECURITY_MESSAGES.wrongPassword);
      setDialogError(message);
      notifyFailure(message);
    }
  };

  const turnOff = async (password: string) => {
    setDialogError(undefined);
    try {
      await disable.mutateAsync(password);
      setDialog(null);
      setPhase({ step: "idle" });
      notifySuccess(SECURITY_MESSAGES.twoFactorDisabled);
    } catch (err) {
      const message = securityErrorMessage(failureOf(err), SECURITY_MESSAGES.wrongPassword);
      setDialogError(message);
      notifyFailure(message);
    }
  };

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-lg border border-border bg-background p-6"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-semibold">
            Two-Factor Authentication
            <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "On" : "Off"}</Badge>
          </h2>
          <p className="mt-1 text-sm text-muted">
            {enabled
              ? "Signing in asks for a code from your authenticator app, or one of your backup codes."
              : "Add a second step to signing in: a 6-digit code from an authenticator app on your phone."}
          </p>
        </div>
      </div>
      <div className="mt-5 flex items-center gap-3">
        <Switch
          id="two-factor-switch"
          checked={checked}
          onCheckedChange={onSwitch}
          disabled={enable.isPending || disable.isPending}
        />
        <Label htmlFor="two-factor-switch">Two-factor authentication</Label>
      </div>

      {phase.step === "enrolling" && (
        <Enrolment
          enrolment={phase}
          onCancel={() => setPhase({ step: "idle" })}
          onEnabled={() => setPhase({ step: "codes", backupCodes: phase.backupCodes })}
        />
      )}
      {phase.step === "codes" && (
        <BackupCodesPanel
          codes={phase.backupCodes}
          account={session.user?.email ?? ""}
          onDone={() => setPhase({ step: "idle" })}
        />
      )}

      <ConfirmPasswordDialog
        open={dialog === "enable"}
        title="Turn on two-factor authentication"
        description="Enter your password to set up an authenticator app."
        confirmLabel="Continue"
        pendingLabel="Checking..."
        pending={enable.isPending}
        error={dialogError}
        onConfirm={startEnrolment}
        onClose={() => setDialog(null)}
      />
      <ConfirmPasswordDialog
        open={dialog === "disable"}
        title="Turn off two-factor authentication"
        description="Enter your password. Your authenticator app and backup codes will stop working for Kairo."
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        danger
        pending={disable.isPending}
        error={dialogError}
        onConfirm={turnOff}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}

function Enrolment({
  enrolment,
  onCancel,
  onEnabled,
}: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onEnabled: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const setupKey = setupKeyOf(enrolment.totpURI);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = totpCodeField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync(parsed.data);
      notifySuccess(SECURITY_MESSAGES.twoFactorEnabled);
      onEnabled();
    } catch (err) {
      const message = securityErrorMessage(failureOf(err), SECURITY_MESSAGES.invalidCode);
      setError(message);
      notifyFailure(message);
    }
  };

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setupKey.replace(/\s/g, ""));
      notifySuccess("Copied to clipboard");
    } catch {
      notifyFailure("The key could not be copied. Please select it and copy it by hand.");
    }
  };

  return (
    <section aria-labelledby="two-factor-setup-heading" className="mt-6 flex flex-col gap-5">
      <h3 id="two-factor-setup-heading" className="text-base font-semibold">
        Set up your authenticator app
      </h3>
      <ol className="flex list-decimal flex-col gap-5 pl-5 text-sm marker:font-medium">
        <li>
          <div className="flex flex-col gap-3">
            <span>
              Scan this QR code with an authenticator app such as Google Authenticator, 1Password or Authy.
            </span>
            <QrCode value={enrolment.totpURI} label="QR code to add Kairo to your authenticator app" />
          </div>
        </li>
        <li>
          <div className="flex flex-col gap-2">
            <span>Cannot scan it? Enter this setup key in the app instead:</span>
            <div className="flex flex-wrap items-center gap-2">
              <code
                id="two-factor-setup-key"
                className="break-all rounded-md bg-surface-2 px-2 py-1 font-mono text-sm tracking-wider"
              >
                {setupKey}
              </code>
              <Button variant="ghost" size="sm" onClick={copyKey} aria-label="Copy setup key">
                <Copy aria-hidden="true" /> Copy
              </Button>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="flex max-w-sm flex-col gap-3">
            <FormField id="two-factor-code" label="Verification code" error={error}>
              <Input
                {...fieldA11y("two-factor-code", error)}
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder={SECURITY_MESSAGES.codePlaceholder}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
              />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={verify.isPending}>
                {verify.isPending ? "Verifying..." : "Verify and turn on"}
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={verify.isPending}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </section>
  );
}
