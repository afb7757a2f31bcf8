// /team/invite/:id — the link in a team invitation email. Sign-in is required (the guard sends a
// visitor to /login and back); accepting joins the team and opens the Team Workspace.
import { useParams } from "react-router";
import { SingleCardPage } from "#web/components/layout/single-card-page.tsx";
import { AcceptInvitationCard } from "#web/features/team/components/accept-invitation-card.tsx";

export function Component() {
  const { id = "" } = useParams();
  return (
    <SingleCardPage title="Team invitation" what="The invitation">
      <AcceptInvitationCard id={id} />
    </SingleCardPage>
  );
}
