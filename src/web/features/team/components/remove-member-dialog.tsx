import type { TeamMemberDto } from "#shared/contracts/team.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogActions, DialogContent } from "#web/components/ui/dialog.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useRemoveMember } from "../api/remove-member.ts";

/** Asks before removing a member; open while `member` is set. */
export function RemoveMemberDialog({
  member,
  onClose,
}: {
  member: TeamMemberDto | null;
  onClose: () => void;
}) {
  const remove = useRemoveMember();
  const confirm = async () => {
    if (!member) return;
    try {
      await remove.mutateAsync(member.id);
      notifySuccess("Member removed", `${member.name || member.email} is no longer on your team.`);
      onClose();
    } catch (error) {
      notifyError(error, { title: "The member could not be removed" });
    }
  };
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Remove this member?"
        description={
          member ? (
            <>
              <span className="font-medium text-foreground">{member.name || member.email}</span> loses the
              Team features right away and their seat becomes free. Their own tasks stay with them.
            </>
          ) : undefined
        }
      >
        <DialogActions>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? "Removing..." : "Remove member"}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
