// /api/import (preview, commit) and /api/export (tasks and time logs as CSV): on every plan
// (issue 26 point 7), each person's own data only.
import { Hono } from "hono";
import { z } from "zod";
import { importBody, importCommitResponse, importPreviewResponse } from "#shared/contracts/import.ts";
import type { AppDeps } from "../../deps.ts";
import { readQuery, timeZone } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { tasksCsv, timeLogsCsv } from "./export-csv.ts";
import { commitImport, previewImport } from "./import.ts";

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
      const answer = await commitImport({ ...base(personId), body });
      return reply(c, importCommitResponse, answer, answer.created ? 201 : 200);
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
