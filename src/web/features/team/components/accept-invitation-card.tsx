// The page an invitation email links to: which team, who invited, and "Accept invitation". It is
// behind sign-in, so a visitor signs in (or signs up with the invited address) and comes back here.
import { format } from "date-fns";
import { Users } from "lucide-react";
import { useNavigate } from "react-router";
import type { InvitationPreview } from "#shared/contracts/team.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { describeError, notifyError, notifySuccess } from "#web/lib/notify.ts";
import { useSession } from "#web/lib/session.ts";
import { useAcceptInvitation } from "../api/accept-invitation.ts";
import { useInvitation } from "../api/get-invitation.ts";

const CLOSED: Record<Exclude<InvitationPreview["status"], "pending">, string> = {
  expired: "This invitation has expired. Ask the team owner to send a new one.",
  canceled: "This invitation was withdrawn by the team owner.",
  accepted: "This invitation has already been used.",
};

export function AcceptInvitationCard({ id }: { id: string }) {
  const invitation = useInvitation(id);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const session = useSession();
  const toWorkspace = () => navigate(paths.teamWorkspace, { replace: true });

  const onAccept = async (teamName: string) => {
    try {
      await accept.mutateAsync(id);
      notifySuccess(`You joined ${teamName}`, "Team features are now unlocked for you.");
      toWorkspace();
    } catch (err) {
      notifyError(err, { title: "The invitation could not be accepted" });
      void invitation.refetch();
    }
  };

  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-border bg-background p-6">
      <Users className="size-8 text-accent" aria-hidden="true" />
      {invitation.isPending ? (
        <>
          <h1 id="invite-heading" className="mt-3 text-xl font-semibold">
            Team invitation
          </h1>
          <Spinner className="mt-6 justify-start" label="Loading..." visibleLabel />
        </>
      ) : invitation.isError ? (
        <>
          <h1 id="invite-heading" className="mt-3 text-xl font-semibold">
            Team invitation
          </h1>
          <Alert tone="error" className="mt-4">
            {invitation.error instanceof ApiError && invitation.error.status === 404
              ? "This invitation does not exist. Check the link in your email, or ask the team owner for a new one."
              : describeError(invitation.error, "The invitation could not be opened.").message}
          </Alert>
          {invitation.error instanceof ApiError && invitation.error.status === 403 && session.user && (
            <p className="mt-3 text-sm text-muted">
              You are signed in as <span className="font-medium text-foreground">{session.user.email}</span>.
              Sign out from the account menu, then open the link again.
            </p>
          )}
        </>
      ) : (
        <>
          <h1 id="invite-heading" className="mt-3 text-xl font-semibold">
            Join {invitation.data.teamName}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {invitation.data.inviterName || "The team owner"} invited you to join{" "}
            <span className="font-medium text-foreground">{invitation.data.teamName}</span> on Kairo. Members
            share the Team Workspace and get the Team plan's features.
          </p>
          {invitation.data.alreadyMember ? (
            <div className="mt-6 space-y-4">
              <Alert tone="success">You are a member of {invitation.data.teamName}.</Alert>
              <Button onClick={toWorkspace}>Go to Team Workspace</Button>
            </div>
          ) : invitation.data.status === "pending" ? (
            <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
              <Button onClick={() => void onAccept(invitation.data.teamName)} disabled={accept.isPending}>
                {accept.isPending ? "Joining..." : "Accept invitation"}
              </Button>
              <p className="text-xs text-muted">
                Open until {format(new Date(invitation.data.expiresAt), "MMMM d, yyyy")}
              </p>
            </div>
          ) : (
            <Alert tone="error" className="mt-6">
              {CLOSED[invitation.data.status]}
            </Alert>
          )}
        </>
      )}
    </section>
  );
}
