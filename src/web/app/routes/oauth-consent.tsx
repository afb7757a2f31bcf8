// /oauth/consent/:id — where /oauth/authorize sends a signed-in person: the app asks for access,
// the person approves or denies (spec section 7's consent calls). Sign-in is required.
import { useParams } from "react-router";
import { SingleCardPage } from "#web/components/layout/single-card-page.tsx";
import { ConsentCard } from "#web/features/platform/components/consent-card.tsx";

export function Component() {
  const { id = "" } = useParams();
  return (
    <SingleCardPage title="Allow access" what="The request">
      <ConsentCard id={id} />
    </SingleCardPage>
  );
}
