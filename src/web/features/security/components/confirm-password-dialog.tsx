import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField, fieldA11y } from "#web/components/ui/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";

/** Asks for the account password before a security change; `error` shows under the field. */
export function ConfirmPasswordDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  danger,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string;
  danger?: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!open) {
      setPassword("");
      setMissing(false);
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setMissing(true);
      return;
    }
    onConfirm(password);
  };
  const message = missing && !password ? "Password is required" : error;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField id={`${id}-password`} label="Password" error={message}>
            <Input
              {...fieldA11y(`${id}-password`, message)}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </FormField>
          <DialogActions busy={pending}>
            <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
