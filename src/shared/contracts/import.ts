// Import from another app and export as CSV (issue 26 point 6, decisions 275 to 277). The file goes
// up as base64 so the server sees its exact bytes (a browser reading it as text would hide a file in
// another encoding behind replacement characters); the preview writes nothing, the commit writes the
// same reading in one transaction, once per file and person.
import { z } from "zod";
import { TASK_PRIORITIES } from "../domain/tasks.ts";

export const IMPORT_FORMATS = ["todoist-csv", "todoist-json", "ticktick-csv", "csv"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest file taken, in bytes, and the most rows (a bigger file is refused whole). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** The request body's limit: the file as base64 (4 characters per 3 bytes) and the other fields. */
export const IMPORT_MAX_BODY_BYTES = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4096;

/** Any CSV (format "csv"): which column holds what; title is required, the rest optional. */
export const MAPPED_FIELDS = [
  "title",
  "description",
  "due",
  "priority",
  "project",
  "labels",
  "estimate",
  "completed",
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
const columnName = z.string({ error: "A mapped column must be the column's name" }).max(200);
export const columnMapping = z
  .object({
    title: columnName,
    description: columnName.optional(),
    due: columnName.optional(),
    priority: columnName.optional(),
    project: columnName.optional(),
    labels: columnName.optional(),
    estimate: columnName.optional(),
    completed: columnName.optional(),
  })
  .strict();
export type ColumnMapping = z.infer<typeof columnMapping>;

export const importBody = z
  .object({
    format: z.enum(IMPORT_FORMATS, { error: `format must be one of ${IMPORT_FORMATS.join(", ")}` }),
    fileName: z
      .string({ error: "fileName must be the file's name" })
      .trim()
      .min(1, "fileName is required")
      .max(200, "fileName must be at most 200 characters"),
    /** The file's bytes as base64. */
    data: z
      .string({ error: "data must be the file as base64" })
      .max(IMPORT_MAX_BODY_BYTES, "The file is larger than 5 MB."),
    /** The person's zone, for dates without one (an IANA name such as Europe/Berlin). */
    timeZone: z.string({ error: "timeZone must be a time zone such as Europe/Berlin" }).max(64).optional(),
    /** Format "csv" only: the columns; absent in a preview, the server suggests one from the header. */
    mapping: columnMapping.optional(),
  })
  .strict();
export type ImportBody = z.infer<typeof importBody>;

export const importCounts = z.object({
  projects: z.number().int(),
  sections: z.number().int(),
  tasks: z.number().int(),
  subtasks: z.number().int(),
  comments: z.number().int(),
  recurring: z.number().int(),
  labels: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const importProblem = z.object({
  /** The row in the file, counting the header as row 1 (as a spreadsheet numbers it). */
  row: z.number().int(),
  /** "error" stops the import; "warning" says what was changed to import the row. */
  severity: z.enum(["error", "warning"]),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;

/** How the other app's priorities become Kairo's, shown before importing. */
export const priorityMapping = z.array(
  z.object({ from: z.string(), to: z.enum(TASK_PRIORITIES), tasks: z.number().int() }),
);

export const importPreviewResponse = z.object({
  format: z.enum(IMPORT_FORMATS),
  fileName: z.string(),
  rows: z.number().int(),
  counts: importCounts,
  projectNames: z.array(z.string()),
  priorityMapping,
  /** At most 200 are listed; `problemCount` says how many there are. */
  problems: z.array(importProblem),
  problemCount: z.number().int(),
  /** False when a problem is an error or the file was imported already. */
  canImport: z.boolean(),
  alreadyImported: z.boolean(),
  /** Format "csv": the header's columns and the mapping this preview used (suggested or given). */
  columns: z.array(z.string()),
  mapping: columnMapping.nullable(),
});
export type ImportPreviewResponse = z.infer<typeof importPreviewResponse>;

export const importCommitResponse = z.object({
  /** False: this file was imported before, and nothing was created this time. */
  created: z.boolean(),
  counts: importCounts,
  projects: z.array(z.object({ id: z.uuid(), name: z.string() })),
  importedAt: z.string(),
  message: z.string(),
});
export type ImportCommitResponse = z.infer<typeof importCommitResponse>;
