// A task's comments and history: thin routes over comments.ts and history.ts. Every route asks the
// use case, which asks task-access.ts whether the person may see the task (a 404 if not).
import { type Context, Hono } from "hono";
import {
  commentBody,
  commentDto,
  commentListQuery,
  commentListResponse,
  historyListQuery,
  historyListResponse,
} from "#shared/contracts/comments.ts";
import type { AppDeps } from "../../deps.ts";
import { clientTabId, idParam, readQuery } from "../../http/params.ts";
import { reply } from "../../http/reply.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { createComment, deleteComment, editComment, listComments } from "./comments.ts";
import { listTaskHistory } from "./history.ts";

export function taskCommentRoutes(
  deps: Pick<AppDeps, "database" | "clock" | "events" | "mailOutbox" | "publicUrl">,
) {
  const db = deps.database.db;
  const call = (c: Context<AppBindings>) => ({
    db,
    events: deps.events,
    clock: deps.clock,
    mail: deps.mailOutbox,
    publicUrl: deps.publicUrl,
    personId: requireUser(c).id,
    origin: clientTabId(c),
  });
  const commentId = (c: Context) => idParam(c, "commentId", "Comment");
  return new Hono<AppBindings>()
    .get("/:id/comments", async (c) => {
      const personId = requireUser(c).id;
      const taskId = idParam(c);
      const query = readQuery(c, commentListQuery);
      return reply(c, commentListResponse, await listComments({ db, personId, taskId, query }));
    })
    .post("/:id/comments", async (c) => {
      const o = call(c);
      const taskId = idParam(c);
      const body = await readJson(c, commentBody);
      return reply(c, commentDto, await createComment({ ...o, taskId, body }), 201);
    })
    .patch("/:id/comments/:commentId", async (c) => {
      const o = call(c);
      const taskId = idParam(c);
      const id = commentId(c);
      const body = await readJson(c, commentBody);
      return reply(c, commentDto, await editComment({ ...o, taskId, commentId: id, body }));
    })
    .delete("/:id/comments/:commentId", async (c) => {
      const o = call(c);
      await deleteComment({ ...o, taskId: idParam(c), commentId: commentId(c) });
      return c.body(null, 204);
    })
    .get("/:id/history", async (c) => {
      const personId = requireUser(c).id;
      const taskId = idParam(c);
      const query = readQuery(c, historyListQuery);
      return reply(c, historyListResponse, await listTaskHistory({ db, personId, taskId, query }));
    });
}
