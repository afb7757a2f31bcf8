// Ban (with an optional reason) and unban, each confirmed in a dialog.
import { useState } from "react";
import { ADMIN_LIMITS, type AdminUser } from "#shared/contracts/admin.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useBanUser } from "../api/ban-user.ts";
import { useUnbanUser } from "../api/unban-user.ts";

export function BanDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title="Ban this person?"
          description={
            <>
              <span className="font-medium text-foreground">{user.name || user.email}</span> is signed out
              everywhere at once and cannot sign in until unbanned. Their data stays.
            </>
          }
        >
          <BanForm key={user.id} user={user} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function BanForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const ban = useBanUser();
  const submit = async () => {
    try {
      await ban.mutateAsync({ id: user.id, reason: reason.trim() || undefined });
      notifySuccess("Banned", `${user.name || user.email} can no longer sign in.`);
      onDone();
    } catch (error) {
      notifyError(error, { title: "The ban failed" });
    }
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-4"
    >
      <FormField id="admin-ban-reason" label="Reason (optional)" hint="Kept in the audit log.">
        <Textarea
          id="admin-ban-reason"
          aria-describedby="admin-ban-reason-hint"
          value={reason}
          maxLength={ADMIN_LIMITS.banReason}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <DialogActions>
        <Button type="submit" variant="danger" disabled={ban.isPending}>
          {ban.isPending ? "Banning..." : "Ban"}
        </Button>
      </DialogActions>
    </form>
  );
}

export function UnbanDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const unban = useUnbanUser();
  const confirm = async () => {
    if (!user) return;
    try {
      await unban.mutateAsync(user.id);
      notifySuccess("Unbanned", `${user.name || user.email} can sign in again.`);
      onClose();
    } catch (error) {
      notifyError(error, { title: "The ban was not lifted" });
    }
  };
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title="Unban this person?"
          description={
            <>
              <span className="font-medium text-foreground">{user.name || user.email}</span> can sign in
              again.
              {user.banReason ? ` They were banned for: ${user.banReason}` : ""}
            </>
          }
        >
          <DialogActions>
            <Button onClick={confirm} disabled={unban.isPending}>
              {unban.isPending ? "Unbanning..." : "Unban"}
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}
