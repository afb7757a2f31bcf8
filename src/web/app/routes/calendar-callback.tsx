import { paths } from "#web/config/paths.ts";
import { CalendarCallback } from "#web/features/calendar-integrations/components/calendar-callback.tsx";

/** Return point of a calendar provider's sign-in. */
export function Component() {
  return <CalendarCallback settingsPath={paths.settings} />;
}
