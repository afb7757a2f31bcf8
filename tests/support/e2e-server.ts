// The browser tests' server: Kairo as `npm start` runs it, with its calendar providers pointed at the
// local fake (tests/support/fake-calendars.ts, on an ephemeral port), whose Google account holds two
// events on the next weekday, so a journey can connect Google and see them arrive.
import { nextWeekday } from "./e2e-server-dates.ts";
import { startFakeCalendars } from "./fake-calendars.ts";

const fake = await startFakeCalendars({ pageSize: 1 });
const day = nextWeekday(new Date());
const at = (hour: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour).toISOString();
fake.addEvent("google", {
  id: "design-review",
  title: "Design review",
  location: "Room 4",
  start: at(10),
  end: at(11),
});
fake.addEvent("google", { id: "sprint-planning", title: "Sprint planning", start: at(14), end: at(15) });
Object.assign(process.env, fake.env());
await import("../../src/server/main.ts");
