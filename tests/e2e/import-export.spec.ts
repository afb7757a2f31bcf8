// Settings → Import and export (issue 26 point 6): import the Todoist fixture (preview with counts,
// the priority mapping and the per-row notes, then Import), see its project and tasks, import it
// again and be told nothing was created; export tasks as CSV. At a phone's 375 px.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, expectNoSeriousA11yViolations, signUpAndVerify, test } from "./fixtures.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/import/Home renovation.csv", import.meta.url));

test.use({ viewport: { width: 375, height: 812 } });

test("import a Todoist CSV in Settings, once, then export tasks", async ({
  page,
  request,
  consoleErrors,
}) => {
  void consoleErrors; // the fixture fails the test on an unexpected console error
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Import and export" });
  await expect(panel.getByLabel("Format")).toHaveValue("todoist-csv");
  await panel.getByLabel("File to import (CSV, UTF-8, up to 5 MB)").setInputFiles(FIXTURE);

  const preview = panel.getByRole("region", { name: "Preview of Home renovation.csv" });
  await expect(preview).toBeVisible();
  await expect(preview.getByText("Into: Home renovation")).toBeVisible();
  const count = (name: string) =>
    preview.locator("div", { has: page.getByText(name, { exact: true }) }).locator("dd");
  await expect(count("Tasks")).toHaveText("5");
  await expect(count("Subtasks")).toHaveText("3");
  await expect(count("Comments")).toHaveText("2");
  await expect(count("Repeating tasks")).toHaveText("2");
  await expect(preview.getByRole("row", { name: "p1 Urgent 1" })).toBeVisible();
  await expect(preview.getByRole("row", { name: "p4 Low 1" })).toBeVisible();
  await expect(preview.getByText(/^Row 11: Note: Kairo has one level of subtasks/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(page);

  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByRole("status")).toHaveText("Imported 5 tasks into Home renovation.");

  // The same file again: the preview says so and Import stays off.
  await panel.getByLabel("File to import (CSV, UTF-8, up to 5 MB)").setInputFiles(FIXTURE);
  await expect(
    panel.getByText("You imported this file before. Importing it again would create nothing."),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Import", exact: true })).toBeDisabled();

  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export tasks" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kairo-tasks-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toContain("Choose the worktop,Home renovation,Kitchen,todo,high,Design");

  await page.goto("/projects");
  await page
    .getByRole("link", { name: /Home renovation/ })
    .first()
    .click();
  await expect(page.getByText("Choose the worktop").first()).toBeVisible();
});

test("import any CSV: map its columns, then import", async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Import and export" });
  await panel.getByLabel("Format").selectOption("csv");
  await panel
    .getByLabel("File to import (CSV, UTF-8, up to 5 MB)")
    .setInputFiles(fileURLToPath(new URL("../fixtures/import/spreadsheet-tasks.csv", import.meta.url)));
  const columns = panel.getByRole("group", { name: "Which column holds what" });
  await expect(columns.getByLabel("Title column")).toHaveValue("Task name");
  await expect(columns.getByLabel("Project column")).toHaveValue("List");
  const preview = panel.getByRole("region", { name: "Preview of spreadsheet-tasks.csv" });
  await expect(preview.getByText("Into: Work, Inbox")).toBeVisible();
  // One project named after the file once the project column is not imported.
  await columns.getByLabel("Project column").selectOption("");
  await expect(preview.getByText("Into: spreadsheet-tasks")).toBeVisible();
  await expect(preview.getByRole("row", { name: "high High 1" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByRole("status")).toHaveText("Imported 5 tasks into spreadsheet-tasks.");
});

test("a large file: the bar follows the tasks the server has written (decision 301)", async ({
  page,
  request,
  consoleErrors,
}) => {
  void consoleErrors;
  await signUpAndVerify(page, request);
  await page.goto("/settings");
  const panel = page.getByRole("region", { name: "Import and export" });
  const header =
    "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT";
  const rows = Array.from({ length: 1500 }, (_, i) => `task,Errand ${i},,4,1,,,,en,UTC,,`);
  await panel.getByLabel("File to import (CSV, UTF-8, up to 5 MB)").setInputFiles({
    name: "Errands.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header, ...rows].join("\n")),
  });
  const preview = panel.getByRole("region", { name: "Preview of Errands.csv" });
  await expect(preview.getByText("Into: Errands")).toBeVisible();
  // Every value the bar takes while importing, sampled in the page (nothing here waits on a time).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const sample = () => {
      const bar = document.querySelector("progress[max]");
      const value = bar ? `${bar.getAttribute("value")}/${bar.getAttribute("max")}` : null;
      if (value && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(sample).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["value"],
    });
  });
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByRole("status")).toHaveText("Imported 1500 tasks into Errands.");
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  // The chunks of 500 as the server wrote them: a determinate bar, moving, before the answer.
  expect(seen).toContain("500/1500");
  expect(seen).toContain("1000/1500");
});
