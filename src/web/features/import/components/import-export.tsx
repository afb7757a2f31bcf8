// Settings: Import and export (issue 26 point 6). Choose a format and a file, see what it holds
// (counts, how priorities map, the problems row by row), then import it; the server writes it whole
// or not at all, once per file. Export tasks and a timesheet of time logs as CSV.
import { useQueryClient } from "@tanstack/react-query";
import { Download, Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import {
  type ColumnMapping,
  IMPORT_MAX_BYTES,
  type ImportCommitResponse,
  type ImportFormat,
  type ImportPreviewResponse,
} from "#shared/contracts/import.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FormField } from "#web/components/ui/form-field.tsx";
import { NativeSelect } from "#web/components/ui/native-select.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { invalidate } from "#web/lib/query-keys.ts";
import { commitImport, downloadCsv, type ImportFile, previewImport, readAsBase64 } from "../api/import.ts";

const FORMATS: ReadonlyArray<{ value: ImportFormat; label: string; hint: string }> = [
  {
    value: "todoist-csv",
    label: "Todoist (CSV export)",
    hint: "In Todoist, open a project's menu and choose Export as a template, then CSV. One file is one project.",
  },
  {
    value: "todoist-json",
    label: "Todoist (REST API JSON)",
    hint: "A file saved from Todoist's REST API: its tasks, or an object with its projects, sections, tasks and comments.",
  },
  {
    value: "ticktick-csv",
    label: "TickTick (CSV backup)",
    hint: "In TickTick, open Settings, Account, Generate backup. Each list becomes a project.",
  },
  {
    value: "csv",
    label: "Any CSV (choose the columns)",
    hint: "The first row must name the columns. After choosing the file, say which column holds what.",
  },
];

const MAPPED_FIELD_NAMES = [
  ["title", "Title column"],
  ["description", "Description column"],
  ["due", "Due date column"],
  ["priority", "Priority column"],
  ["project", "Project column"],
  ["labels", "Labels column"],
  ["estimate", "Estimate (minutes) column"],
  ["completed", "Done column"],
] as const;

const PRIORITY_NAMES = { low: "Low", medium: "Medium", high: "High", urgent: "Urgent" } as const;
const COUNT_NAMES = [
  ["projects", "Projects"],
  ["sections", "Sections (milestones)"],
  ["tasks", "Tasks"],
  ["subtasks", "Subtasks"],
  ["comments", "Comments"],
  ["recurring", "Repeating tasks"],
] as const;

type Stage =
  | { kind: "idle" }
  | { kind: "reading"; share: number }
  | { kind: "checking" }
  | { kind: "previewed"; file: ImportFile; preview: ImportPreviewResponse }
  | {
      kind: "importing";
      file: ImportFile;
      preview: ImportPreviewResponse;
      /** Tasks written so far, as the server tells them (null until it starts writing). */
      written: number | null;
    }
  | { kind: "done"; result: ImportCommitResponse };

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ImportExport() {
  const id = useId();
  const qc = useQueryClient();
  const [format, setFormat] = useState<ImportFormat>("todoist-csv");
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [error, setError] = useState<string>();
  const [inputKey, setInputKey] = useState(0);
  const hint = FORMATS.find((f) => f.value === format)?.hint;
  const json = format === "todoist-json";

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    setError(undefined);
    if (!chosen) return setStage({ kind: "idle" });
    // The server refuses it too (decision 276); said here before the upload.
    if (chosen.size > IMPORT_MAX_BYTES) {
      setStage({ kind: "idle" });
      setInputKey((k) => k + 1);
      return setError("The file is larger than 5 MB. Split it and import each part.");
    }
    try {
      setStage({ kind: "reading", share: 0 });
      const data = await readAsBase64(chosen, (share) => setStage({ kind: "reading", share }));
      await check({ format, fileName: chosen.name, data, timeZone: timeZone() });
    } catch (err) {
      setStage({ kind: "idle" });
      setInputKey((k) => k + 1);
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else if (err instanceof ApiError && err.code === "FILE") setError(err.message);
      else notifyError(err, { title: "Error", fallback: "Failed to read the file. Please try again." });
    }
  };

  /** Asks the server what the file holds; a mapped CSV keeps the mapping the server used. */
  const check = async (file: ImportFile) => {
    setStage({ kind: "checking" });
    const preview = await previewImport(file);
    const mapped = preview.mapping ? { ...file, mapping: preview.mapping } : file;
    setStage({ kind: "previewed", file: mapped, preview });
  };

  const remap = async (file: ImportFile, field: (typeof MAPPED_FIELD_NAMES)[number][0], column: string) => {
    const mapping: Partial<ColumnMapping> = { ...file.mapping };
    if (column) mapping[field] = column;
    else delete mapping[field];
    setError(undefined);
    try {
      await check({ ...file, mapping: mapping.title ? (mapping as ColumnMapping) : undefined });
    } catch (err) {
      setStage({ kind: "idle" });
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else notifyError(err, { title: "Error", fallback: "Failed to read the file. Please try again." });
    }
  };

  const runImport = async () => {
    if (stage.kind !== "previewed") return;
    const importing = { kind: "importing", file: stage.file, preview: stage.preview } as const;
    setStage({ ...importing, written: null });
    try {
      const result = await commitImport(stage.file, (written) => setStage({ ...importing, written }));
      setStage({ kind: "done", result });
      setInputKey((k) => k + 1);
      // New tasks and projects: everything a task change feeds (lists, sidebar, calendar, analytics).
      await invalidate(qc, "task");
      notifySuccess(result.created ? "Import finished" : "Already imported", result.message);
    } catch (err) {
      setStage({ kind: "previewed", file: stage.file, preview: stage.preview });
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else
        notifyError(err, {
          title: "Error",
          fallback: "Failed to import. Nothing was imported; please try again.",
        });
    }
  };

  const download = async (path: string, name: string) => {
    try {
      const file = await downloadCsv(`${path}?tz=${encodeURIComponent(timeZone())}`, name);
      notifySuccess("Export ready", `${file} is downloading.`);
    } catch (err) {
      notifyError(err, { title: "Error", fallback: "Failed to export. Please try again." });
    }
  };

  const preview = stage.kind === "previewed" || stage.kind === "importing" ? stage.preview : null;
  const busy = stage.kind === "reading" || stage.kind === "checking" || stage.kind === "importing";

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-border bg-background p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Import and export
      </h2>
      <p className="mt-1 text-sm text-muted">
        Bring your tasks from another app, or take your tasks and time logs to a spreadsheet.
      </p>

      <div className="mt-5 flex flex-col gap-4">
        <h3 className="text-sm font-medium">Import</h3>
        <FormField id={`${id}-format`} label="Format" hint={hint}>
          <NativeSelect
            id={`${id}-format`}
            aria-describedby={`${id}-format-hint`}
            value={format}
            disabled={busy}
            onChange={(e) => {
              setFormat(e.target.value as ImportFormat);
              setStage({ kind: "idle" });
              setInputKey((k) => k + 1);
            }}
          >
            {FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-file`}
          label={`File to import (${json ? "JSON" : "CSV"}, UTF-8, up to 5 MB)`}
          error={error}
        >
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={json ? ".json,application/json" : ".csv,text/csv"}
            disabled={busy}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-file-error` : undefined}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:py-2 file:text-sm"
          />
        </FormField>

        <div aria-live="polite" className="flex flex-col gap-2 text-sm">
          {stage.kind === "reading" && (
            <>
              <label htmlFor={`${id}-progress`}>Reading the file…</label>
              <progress id={`${id}-progress`} className="w-full" max={1} value={stage.share} />
            </>
          )}
          {stage.kind === "checking" && (
            <>
              <label htmlFor={`${id}-progress`}>Checking the file…</label>
              <progress id={`${id}-progress`} className="w-full" />
            </>
          )}
          {stage.kind === "importing" && (
            <>
              <label htmlFor={`${id}-progress`}>
                Importing {stage.preview.counts.tasks} tasks…
                {stage.written !== null && (
                  // The bar's value says it to assistive technology; the words are for the eye.
                  <span aria-hidden="true">
                    {" "}
                    {stage.written} of {stage.preview.counts.tasks} written.
                  </span>
                )}
              </label>
              {stage.written === null ? (
                <progress id={`${id}-progress`} className="w-full" />
              ) : (
                <progress
                  id={`${id}-progress`}
                  className="w-full"
                  max={Math.max(stage.preview.counts.tasks, 1)}
                  value={stage.written}
                />
              )}
            </>
          )}
          {stage.kind === "done" && (
            <p role="status" className="rounded-lg border border-border bg-surface p-3">
              {stage.result.message}
            </p>
          )}
        </div>

        {preview && stage.kind === "previewed" && preview.columns.length > 0 && (
          <fieldset className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-medium">Which column holds what</legend>
            {MAPPED_FIELD_NAMES.map(([field, name]) => (
              <FormField key={field} id={`${id}-map-${field}`} label={name}>
                <NativeSelect
                  id={`${id}-map-${field}`}
                  value={stage.file.mapping?.[field] ?? ""}
                  onChange={(e) => remap(stage.file, field, e.target.value)}
                >
                  <option value="">{field === "title" ? "Choose a column" : "Not imported"}</option>
                  {preview.columns.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ))}
          </fieldset>
        )}
        {preview && <Preview id={id} preview={preview} />}
        {preview && (
          <div>
            <Button onClick={runImport} disabled={!preview.canImport || busy}>
              <Upload aria-hidden="true" />
              {stage.kind === "importing" ? "Importing..." : "Import"}
            </Button>
          </div>
        )}
      </div>

      <div className="mt-6 flex flex-col gap-3 border-t border-border pt-5">
        <h3 className="text-sm font-medium">Export as CSV</h3>
        <p className="text-sm text-muted">
          Times are on your clock. Cells a spreadsheet would run as formulas start with an apostrophe.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => download("/api/export/tasks.csv", "kairo-tasks.csv")}>
            <Download aria-hidden="true" />
            Export tasks
          </Button>
          <Button
            variant="outline"
            onClick={() => download("/api/export/time-logs.csv", "kairo-timesheet.csv")}
          >
            <Download aria-hidden="true" />
            Export timesheet
          </Button>
        </div>
      </div>
    </section>
  );
}

function Preview({ id, preview }: { id: string; preview: ImportPreviewResponse }) {
  const errors = preview.problems.filter((p) => p.severity === "error").length;
  return (
    <section
      aria-labelledby={`${id}-preview`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4 text-sm"
    >
      <h4 id={`${id}-preview`} className="font-medium">
        Preview of {preview.fileName}
      </h4>
      <p>Into: {preview.projectNames.join(", ")}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        {COUNT_NAMES.map(([key, name]) => (
          <div key={key} className="flex justify-between gap-2">
            <dt className="text-muted">{name}</dt>
            <dd className="font-medium tabular-nums">{preview.counts[key]}</dd>
          </div>
        ))}
      </dl>
      {preview.priorityMapping.length > 0 && (
        <table className="w-full max-w-sm text-left">
          <caption className="text-left font-medium">Priorities</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="font-normal">
                In the file
              </th>
              <th scope="col" className="font-normal">
                In Kairo
              </th>
              <th scope="col" className="text-right font-normal">
                Tasks
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.priorityMapping.map((m) => (
              <tr key={m.from}>
                <td>{m.from === "empty" ? "No priority given" : m.from}</td>
                <td>{PRIORITY_NAMES[m.to]}</td>
                <td className="text-right tabular-nums">{m.tasks}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview.alreadyImported && (
        <p role="alert" className="text-danger">
          You imported this file before. Importing it again would create nothing.
        </p>
      )}
      {preview.problemCount > 0 && (
        <div>
          <p className="font-medium">
            {preview.problemCount} {preview.problemCount === 1 ? "problem" : "problems"}
            {errors > 0
              ? `: fix the ${errors === 1 ? "row" : "rows"} marked Error and choose the file again`
              : ""}
          </p>
          <ul className="mt-1 max-h-60 list-none overflow-auto">
            {preview.problems.map((p) => (
              <li
                key={`${p.row}-${p.severity}-${p.message}`}
                className={p.severity === "error" ? "text-danger" : "text-muted"}
              >
                Row {p.row}: {p.severity === "error" ? "Error" : "Note"}: {p.message}
              </li>
            ))}
          </ul>
          {preview.problemCount > preview.problems.length && (
            <p className="text-muted">And {preview.problemCount - preview.problems.length} more.</p>
          )}
        </div>
      )}
    </section>
  );
}
