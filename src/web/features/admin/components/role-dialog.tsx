// Change a person's role. Only a super admin grants or removes admin and super admin; the server
// checks that too, and keeps the last super admin.
import { useState } from "react";
import type { AdminUser } from "#shared/contracts/admin.ts";
import { ROLES, type Role } from "#shared/contracts/auth.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useChangeRole } from "../api/change-role.ts";
import { ROLE_LABELS } from "./format.ts";

export function RoleDialog({
  user,
  actorRole,
  onClose,
}: {
  user: AdminUser | null;
  actorRole: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent
          title="Change role"
          description={
            <>
              <span className="font-medium text-foreground">{user.name || user.email}</span> is now{" "}
              {ROLE_LABELS[user.role]}.
            </>
          }
        >
          <RoleForm key={user.id} user={user} actorRole={actorRole} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RoleForm({ user, actorRole, onDone }: { user: AdminUser; actorRole: string; onDone: () => void }) {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeRole();
  const isSuper = actorRole === "super_admin";
  const submit = async () => {
    try {
      const updated = await change.mutateAsync({ id: user.id, role });
      notifySuccess("Role changed", `${updated.name || updated.email} is now ${ROLE_LABELS[updated.role]}.`);
      onDone();
    } catch (error) {
      notifyError(error, { title: "The role was not changed" });
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
      <FormField
        id="admin-role"
        label="Role"
        hint={
          isSuper
            ? "Admins can manage people, plans and bans."
            : "Only a super admin can grant the admin roles."
        }
      >
        <NativeSelect
          id="admin-role"
          aria-describedby="admin-role-hint"
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r} disabled={r !== "user" && !isSuper}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <DialogActions>
        <Button type="submit" disabled={change.isPending || role === user.role}>
          {change.isPending ? "Saving..." : "Change role"}
        </Button>
      </DialogActions>
    </form>
  );
}
