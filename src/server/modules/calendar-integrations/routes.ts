// /api/calendar-integrations: the settings' view (providers, connections, sync history), Connect and
// its callback, Sync Now and Disconnect. Every call is the signed-in person's own: another person's
// connection id is a 404, as an unknown one.
import { type Context, Hono } from "hono";
import {
  calendarCallbackBody,
  calendarCallbackResponse,
  calendarConnectBody,
  calendarConnectResponse,
  calendarDisconnected,
  calendarIntegrationsResponse,
  calendarSyncResult,
  icalFeedResponse,
  planWriteBackBody,
  planWriteBackResponse,
  SYNC_ERROR_CODES,
} from "#shared/contracts/calendar-integrations.ts";
import { CALENDAR_TEXT } from "#shared/domain/calendar-sync.ts";
import { AppError } from "#shared/errors/app-error.ts";
import type { AppDeps } from "../../deps.ts";
import { idParam } from "../../http/params.ts";
import { rateLimit } from "../../http/rate-limit.ts";
import { reply } from "../../http/reply.ts";
import { ROUTE_LIMITS } from "../../http/route-limits.ts";
import { requireUser } from "../../http/session.ts";
import type { AppBindings } from "../../http/types.ts";
import { readJson } from "../../http/validate.ts";
import { queuePlanWriteBack } from "../planner/write-back-queue.ts";
import {
  CalendarConnectError,
  calendarRedirectUris,
  finishCalendarConnect,
  startCalendarConnect,
} from "./connect.ts";
import { disconnectCalendar } from "./disconnect.ts";
import { getIcalFeed, regenerateIcalFeed, revokeIcalFeed } from "./ical-feed.ts";
import { getCalendarIntegrations } from "./integrations.ts";
import { syncConnection } from "./sync.ts";
import { type CalendarAppDeps, calendarSyncDeps } from "./sync-deps.ts";
import { readPlanWriteBack, savePlanWriteBack } from "./write-back-settings.ts";

/** An error answer with a code of this module and the spec's text as the message. */
const failure = (c: Context, status: 400 | 409 | 502, code: string, message: string, extra: object = {}) =>
  c.json({ error: { code, message, ...extra } }, status);

export function calendarIntegrationRoutes(deps: CalendarAppDeps & Pick<AppDeps, "jobs">) {
  const db = deps.database.db;
  const sync = calendarSyncDeps(deps);

  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const user = requireUser(c);
      return reply(
        c,
        calendarIntegrationsResponse,
        await getCalendarIntegrations(db, user.id, {
          calendars: deps.calendars,
          redirectUris: calendarRedirectUris(deps.publicUrl),
          entitlements: deps.entitlements,
        }),
      );
    })
    .post("/callback", rateLimit(ROUTE_LIMITS.calendarConnect), async (c) => {
      const user = requireUser(c);
      const body = await readJson(c, calendarCallbackBody);
      try {
        const done = await finishCalendarConnect(sync, {
          userId: user.id,
          body,
          entitlements: deps.entitlements,
          now: deps.clock(),
        });
        // A consent that turned plan write-back on: the plan in force is written now.
        await queuePlanWriteBack(deps.jobs, [user.id], deps.logger);
        return reply(c, calendarCallbackResponse, done);
      } catch (err) {
        if (!(err instanceof CalendarConnectError)) throw err;
        return failure(c, 400, "CALENDAR_CONNECT_FAILED", err.message, {
          reason: err.reason,
          ...(err.validRedirectUris
            ? { validRedirectUris: err.validRedirectUris, provider: err.provider }
            : {}),
        });
      }
    })
    .post("/connect", rateLimit(ROUTE_LIMITS.calendarConnect), async (c) => {
      const user = requireUser(c);
      const { provider } = await readJson(c, calendarConnectBody);
      return reply(
        c,
        calendarConnectResponse,
        await startCalendarConnect(sync, {
          userId: user.id,
          provider,
          origin: c.req.header("origin"),
          entitlements: deps.entitlements,
          now: deps.clock(),
        }),
      );
    })
    .post("/connections/:id/sync", rateLimit(ROUTE_LIMITS.calendarSync), async (c) => {
      const user = requireUser(c);
      const id = idParam(c, "id", "Calendar connection");
      const outcome = await syncConnection(sync, {
        connectionId: id,
        userId: user.id,
        syncType: "manual",
        now: deps.clock(),
      });
      switch (outcome.status) {
        case "success":
          return reply(c, calendarSyncResult, {
            eventsSynced: outcome.eventsSynced,
            calendarName: outcome.calendarName,
          });
        case "not_found":
          throw new AppError("NOT_FOUND", "Calendar connection not found.");
        case "busy":
          return failure(
            c,
            409,
            SYNC_ERROR_CODES.busy,
            "This calendar is syncing right now. Try again in a moment.",
          );
        case "failed":
          if (outcome.reason === "reconnect")
            return failure(c, 409, SYNC_ERROR_CODES.reconnect, CALENDAR_TEXT.authRequired);
          if (outcome.reason === "no_token")
            return failure(c, 409, SYNC_ERROR_CODES.noToken, CALENDAR_TEXT.noAccessToken);
          return failure(c, 502, SYNC_ERROR_CODES.failed, outcome.message);
      }
    })
    .get("/write-back", async (c) =>
      reply(c, planWriteBackResponse, await readPlanWriteBack(sync, requireUser(c).id, deps.clock())),
    )
    .put("/write-back", async (c) => {
      const user = requireUser(c);
      const body = await readJson(c, planWriteBackBody);
      const saved = await savePlanWriteBack(sync, {
        userId: user.id,
        body,
        origin: c.req.header("origin"),
        entitlements: deps.entitlements,
        now: deps.clock(),
      });
      await queuePlanWriteBack(deps.jobs, [user.id], deps.logger);
      return reply(c, planWriteBackResponse, saved);
    })
    .get("/ical-feed", async (c) =>
      reply(c, icalFeedResponse, await getIcalFeed(db, deps.secretBox, requireUser(c).id, deps.publicUrl)),
    )
    .post("/ical-feed", async (c) =>
      reply(
        c,
        icalFeedResponse,
        await regenerateIcalFeed(db, deps.secretBox, requireUser(c).id, deps.publicUrl, deps.clock()),
      ),
    )
    .delete("/ical-feed", async (c) => {
      await revokeIcalFeed(db, requireUser(c).id);
      return reply(c, icalFeedResponse, { url: null, createdAt: null });
    })
    .delete("/connections/:id", async (c) => {
      const user = requireUser(c);
      await disconnectCalendar(sync, {
        userId: user.id,
        connectionId: idParam(c, "id", "Calendar connection"),
      });
      return reply(c, calendarDisconnected, { disconnected: true });
    });
}
