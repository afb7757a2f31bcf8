import { paths } from "../../../config/paths.ts";
import { useSession } from "../../../lib/session.ts";

/** Where "Start Free Trial" leads: the dashboard for someone already signed in, else sign-up. */
export function useStartPath(): string {
  const session = useSession();
  return session.status === "signed-in" ? paths.dashboard : paths.signup;
}
