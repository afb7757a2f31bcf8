// /oauth/authorize reached inside the app (after sign-in sends the person back here): the server
// answers that address, so the page is loaded from it again.
import { useEffect } from "react";
import { FullPageSpinner } from "#web/components/ui/spinner.tsx";

export function Component() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <FullPageSpinner />;
}
