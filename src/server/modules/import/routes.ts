// /api/import (preview, commit) and /api/export (tasks and time logs as CSV): on every plan
// (issue 26 point 7), each person's own data only.
import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  type ImportCommitResponse,
  importBody,
  importCommitResponse,
  importPreviewResponse,
} from "#shared/contracts/import.ts";
import type { AppDeps } from "../../deps.ts";
import { onError } from "../../http/on-error.ts";
import { readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { tasksCsv, timeLogsCsv } from "./export-csv.ts";
import { commitImport, type ImportProgress, previewImport } from "./import.ts";

type Deps = Pick<AppDeps, "database" | "clock" | "entitlements">;

export function importRoutes(deps: Deps) {
  const base = (personId: string) => ({
    db: deps.database.db,
    clock: deps.clock,
    entitlements: deps.entitlements,
    personId,
  });
  return new Hono<AppBindings>()
    .post("/preview", async (c) => {
      const personId = requireUser(c).id;
      const body = await readJson(c, importBody);
      return reply(c, importPreviewResponse, await previewImport({ ...base(personId), body }));
    })
    .post("/commit", async (c) => {
      const personId = requireUser(c).id;
      const body = await readJson(c, importBody);
      if (!c.req.header("accept")?.includes(PROGRESS_TYPE)) {
        const answer = await commitImport({ ...base(personId), body });
        return reply(c, importCommitResponse, answer, answer.created ? 201 : 200);
      }
      return commitWithProgress(c, (onProgress) => commitImport({ ...base(personId), body, onProgress }));
    });
}

/** The commit's answer as progress lines (decision 301), when the client asks for them. */
export const PROGRESS_TYPE = "application/x-ndjson";

/**
 * Runs the commit and, once it starts writing, answers 200 with one JSON line per chunk written
 * (`{"type":"progress","done":n,"total":m}`) and a last line with the answer it would have sent
 * (`{"type":"result","status":201,"body":{...}}`), an error included (the transaction rolled back:
 * nothing half-imported). Anything that ends it before the writing starts (a bad row, the plan's
 * limit, a file imported before) is answered as usual, status and all.
 */
async function commitWithProgress(
  c: Context<AppBindings>,
  run: (onProgress: ImportProgress) => Promise<ImportCommitResponse>,
): Promise<Response> {
  const encoder = new TextEncoder();
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      stream = controller;
    },
  });
  const line = (value: unknown) => stream.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
  let started!: () => void;
  const writing = new Promise<"writing">((resolve) => {
    started = () => resolve("writing");
  });
  let last = -1;
  const work = run((done, total) => {
    started();
    // At most one line per percent: a large file says enough without flooding the client.
    const step = Math.floor((done / Math.max(total, 1)) * 100);
    if (step === last && done !== total) return;
    last = step;
    line({ type: "progress", done, total });
  });
  const first = await Promise.race([
    writing,
    work.then(
      () => "ended" as const,
      () => "ended" as const,
    ),
  ]);
  if (first === "ended") {
    const answer = await work; // a failure throws to the app's error handler, as without progress
    return reply(c, importCommitResponse, answer, answer.created ? 201 : 200);
  }
  work.then(
    (answer) => {
      line({ type: "result", status: answer.created ? 201 : 200, body: importCommitResponse.parse(answer) });
      stream.close();
    },
    async (err: Error) => {
      const failed = onError(err, c);
      line({ type: "result", status: failed.status, body: await failed.json() });
      stream.close();
    },
  );
  return new Response(body, {
    status: 200,
    headers: { "content-type": PROGRESS_TYPE, "cache-control": "no-store" },
  });
}

const exportQuery = z.object({ tz: z.string().max(64).optional() }).strict();

export function exportRoutes(deps: Deps) {
  const db = deps.database.db;
  const csv = (body: string, name: string) =>
    new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
      },
    });
  const day = () => deps.clock().toISOString().slice(0, 10);
  return new Hono<AppBindings>()
    .get("/tasks.csv", async (c) => {
      const personId = requireUser(c).id;
      const tz = timeZone(readQuery(c, exportQuery).tz);
      return csv(await tasksCsv(db, personId, tz), `kairo-tasks-${day()}.csv`);
    })
    .get("/time-logs.csv", async (c) => {
      const personId = requireUser(c).id;
      const tz = timeZone(readQuery(c, exportQuery).tz);
      return csv(await timeLogsCsv(db, personId, tz), `kairo-timesheet-${day()}.csv`);
    });
}
