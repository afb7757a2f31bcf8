import { CalendarDays } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button-variants.ts";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { paths } from "../../config/paths.ts";

/** Return point of a calendar provider's sign-in. */
export function Component() {
  return (
    <main className="mx-auto max-w-lg p-6 pt-16">
      <EmptyState
        icon={CalendarDays}
        title="Calendar connection"
        action={
          <Link to={`${paths.settings}#calendar`} className={buttonVariants()}>
            Go to Settings
          </Link>
        }
      >
        No calendar provider is configured on this server yet, so there is no connection to finish.
      </EmptyState>
    </main>
  );
}
