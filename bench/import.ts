// Import speed (issue 26 point 8: a 10,000-task Todoist export under 30 s on PGlite): a generated
// Todoist CSV of `tasks` tasks, with subtasks, notes, labels, dates and repeat phrases, previewed and
// committed through a running server as a new person. Prints figures, asserts nothing.
const HEADER =
  "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT";

export function todoistCsvOf(tasks: number): string {
  const rows = [HEADER];
  for (let i = 0; i < tasks; i++) {
    if (i % 500 === 0) rows.push(`section,Section ${i / 500 + 1},,,,,,,,,,`);
    const date = i % 10 === 0 ? "every monday" : i % 3 === 0 ? "Dec 12 2026 9am" : "";
    rows.push(
      `task,Task ${i} @label${i % 7},Notes for task ${i},${(i % 4) + 1},1,,,${date},en,UTC,30,minute`,
    );
    if (i % 5 === 0) rows.push(`task,Step of task ${i},,4,2,,,,,,,`);
    if (i % 9 === 0) rows.push(`note,A comment on task ${i},,,,,,,,,,`);
  }
  return rows.join("\n");
}

export async function importFigures(base: string, cookie: string, tasks = 10_000) {
  const body = JSON.stringify({
    format: "todoist-csv",
    fileName: "bench.csv",
    data: Buffer.from(todoistCsvOf(tasks)).toString("base64"),
    timeZone: "UTC",
  });
  const headers = { cookie, "content-type": "application/json", origin: base };
  const call = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { method: "POST", headers, body });
    await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return performance.now() - t0;
  };
  const preview = await call("/api/import/preview");
  const commit = await call("/api/import/commit");
  return { preview, commit };
}
