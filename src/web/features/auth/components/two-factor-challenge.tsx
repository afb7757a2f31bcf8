// The second step of signing in to an account with two-factor: a 6-digit code from the
// authenticator app, or (switchable) one of the backup codes.
import { type FormEvent, useState } from "react";
import { backupCodeField, totpCodeField } from "#shared/contracts/security.ts";
import { SECURITY_MESSAGES, securityErrorMessage } from "#shared/errors/security-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { authApi } from "#web/lib/auth-api.ts";

type Mode = "totp" | "backup";

/** Codes that end the pending sign-in: the person has to give email and password again. */
const RESTART = new Set(["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

export function TwoFactorChallenge({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => void;
  /** Back to email and password, with the reason to show there. */
  onRestart: (message?: string) => void;
}) {
  const [mode, setMode] = useState<Mode>("totp");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const switchMode = () => {
    setMode(mode === "totp" ? "backup" : "totp");
    setCode("");
    setError(undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = (mode === "totp" ? totpCodeField : backupCodeField).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      if (mode === "totp") await authApi.verifyTotp(parsed.data);
      else await authApi.verifyBackupCode(parsed.data);
      onSignedIn();
    } catch (err) {
      const failure = err instanceof ApiError ? err : { message: String(err) };
      const message = securityErrorMessage(
        failure,
        mode === "totp" ? SECURITY_MESSAGES.invalidCode : SECURITY_MESSAGES.invalidBackupCode,
      );
      if (err instanceof ApiError && RESTART.has(err.code)) onRestart(message);
      else setError(message);
    } finally {
      setBusy(false);
    }
  };

  const id = mode === "totp" ? "totp-code" : "backup-code";
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {mode === "totp" ? (
        <FormField id={id} label="Authentication code" error={error}>
          <Input
            {...fieldA11y(id, error)}
            key={id}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            placeholder={SECURITY_MESSAGES.codePlaceholder}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
          />
        </FormField>
      ) : (
        <FormField
          id={id}
          label="Backup code"
          error={error}
          hint="One of the 8-character codes you saved when you turned on two-factor. Each works once."
        >
          <Input
            {...fieldA11y(
              id,
              error,
              "One of the 8-character codes you saved when you turned on two-factor. Each works once.",
            )}
            key={id}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            maxLength={20}
            className="font-mono tracking-wider"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormField>
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" size="sm" className="h-auto" onClick={switchMode}>
          {mode === "totp" ? "Use a backup code instead" : "Use your authenticator app instead"}
        </Button>
        <Button variant="link" size="sm" className="h-auto" onClick={() => onRestart()}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
