// Connecting a calendar: the authorization-code flow with PKCE (S256).
//   start:  a nonce row holds the PKCE verifier (sealed) for this person and provider for 10 minutes;
//           the `state` sent to the provider is that nonce, sealed (authenticated) with the person's
//           id and the provider, so a forged or altered state does not open.
//   finish: the state must open, name the signed-in person and still have its row, which is deleted
//           as it is read (a state works once); then the code is exchanged, the account read, the
//           connection stored with its tokens sealed, and a first sync run.
import { randomUUID } from "node:crypto";
import { generateCodeVerifier, generateState } from "arctic";
import { addMinutes } from "date-fns";
import { and, count, eq, lt, ne, or } from "drizzle-orm";
import type {
  CalendarCallbackBody,
  CalendarCallbackResponse,
  CalendarConnectFailure,
  CalendarConnectResponse,
} from "#shared/contracts/calendar-integrations.ts";
import {
  CALENDAR_LIMIT_MESSAGE,
  CALENDAR_MAX_MESSAGE,
  CALENDAR_PROVIDERS,
  CALENDAR_SYNC,
  CALENDAR_TEXT,
  type CalendarProviderId,
} from "#shared/domain/calendar-sync.ts";
import { AppError } from "#shared/errors/app-error.ts";
import { calendarConnections, calendarOauthStates } from "../../db/schema/calendar.ts";
import { plannerState } from "../../db/schema/planner.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { CalendarApiError } from "../../providers/calendars/calendar-provider.ts";
import type { Entitlements } from "../entitlements/entitlements.ts";
import { sealedTokenColumns } from "./connection-tokens.ts";
import { summaryColumns, toConnectionSummary } from "./integrations.ts";
import { nextAutoSync, type SyncDeps, syncConnection } from "./sync.ts";

const STATE_TTL_MINUTES = 10;
const STATE_CONTEXT = "calendar-oauth-state";
const verifierContext = (nonce: string) => `calendar-oauth:${nonce}`;

/** A connect that did not go through: `reason` picks the spec's text on the web. */
export class CalendarConnectError extends Error {
  readonly reason: CalendarConnectFailure;
  readonly validRedirectUris?: string[];
  readonly provider?: CalendarProviderId;
  constructor(
    reason: CalendarConnectFailure,
    message: string,
    extra: { validRedirectUris?: string[]; provider?: CalendarProviderId } = {},
  ) {
    super(message);
    this.name = "CalendarConnectError";
    this.reason = reason;
    this.validRedirectUris = extra.validRedirectUris;
    this.provider = extra.provider;
  }
}

const INVALID_STATE = "This calendar sign-in has expired or was not started here. Please connect again.";

/**
 * The redirect addresses to register with a provider: the callback on PUBLIC_URL and, when Kairo runs
 * locally, the Vite development server's two variants on port 5173.
 */
export function calendarRedirectUris(publicUrl: string): string[] {
  const callback = new URL("/calendar-callback", publicUrl).toString();
  const host = new URL(publicUrl).hostname;
  const local = host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  const all = local
    ? [callback, "http://localhost:5173/calendar-callback", "http://127.0.0.1:5173/calendar-callback"]
    : [callback];
  return [...new Set(all)];
}

export type ConnectDeps = SyncDeps & { publicUrl: string; events: Pick<DomainEvents, "emit"> };

const providerName = (id: CalendarProviderId) => CALENDAR_PROVIDERS.find((p) => p.id === id)?.name ?? id;

async function activeConnections(
  deps: ConnectDeps,
  userId: string,
  except?: { provider: string; email: string },
) {
  const [row] = await deps.db
    .select({ n: count() })
    .from(calendarConnections)
    .where(
      and(
        eq(calendarConnections.userId, userId),
        eq(calendarConnections.isActive, true),
        except
          ? or(
              ne(calendarConnections.provider, except.provider),
              ne(calendarConnections.calendarEmail, except.email),
            )
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function startCalendarConnect(
  deps: ConnectDeps,
  a: {
    userId: string;
    provider: CalendarProviderId;
    origin: string | undefined;
    entitlements: Pick<Entitlements, "forPerson">;
    now: Date;
    /** Also ask for the write scope: the person turns plan write-back on (decision 185). */
    write?: boolean;
  },
): Promise<CalendarConnectResponse> {
  const adapter = deps.calendars[a.provider];
  if (!adapter)
    throw new AppError("UNAVAILABLE", `${providerName(a.provider)} is not configured on this server.`);
  const limit = (await a.entitlements.forPerson(a.userId)).calendarConnectionLimit;
  if (limit !== null) {
    const [reconnecting] = await deps.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, a.userId),
          eq(calendarConnections.provider, a.provider),
          eq(calendarConnections.isActive, true),
        ),
      )
      .limit(1);
    if (!reconnecting && (await activeConnections(deps, a.userId)) >= limit) {
      throw new AppError("PLAN_REQUIRED", CALENDAR_LIMIT_MESSAGE, { requiredPlan: "pro" });
    }
  }
  const validRedirectUris = calendarRedirectUris(deps.publicUrl);
  const fromOrigin = a.origin ? `${a.origin}/calendar-callback` : undefined;
  const redirectUri =
    fromOrigin && validRedirectUris.includes(fromOrigin) ? fromOrigin : validRedirectUris[0]!;
  const nonce = generateState();
  const codeVerifier = generateCodeVerifier();
  await deps.db.delete(calendarOauthStates).where(lt(calendarOauthStates.expiresAt, a.now));
  await deps.db.insert(calendarOauthStates).values({
    id: nonce,
    userId: a.userId,
    provider: a.provider,
    codeVerifier: deps.secretBox.seal(codeVerifier, verifierContext(nonce)),
    redirectUri,
    expiresAt: addMinutes(a.now, STATE_TTL_MINUTES),
  });
  const state = deps.secretBox.seal(
    JSON.stringify({ n: nonce, u: a.userId, p: a.provider, ...(a.write ? { w: true } : {}) }),
    STATE_CONTEXT,
  );
  return {
    authUrl: adapter.authorizationUrl({ state, codeVerifier, redirectUri, write: a.write }),
    validRedirectUris,
  };
}

/** Opens and consumes the state: the nonce row, deleted as it is read. */
async function consumeState(deps: ConnectDeps, userId: string, state: string, now: Date) {
  let claim: { n?: unknown; u?: unknown; p?: unknown; w?: unknown };
  try {
    claim = JSON.parse(deps.secretBox.open(state, STATE_CONTEXT));
  } catch {
    throw new CalendarConnectError("invalid_state", INVALID_STATE);
  }
  if (typeof claim.n !== "string" || claim.u !== userId) {
    throw new CalendarConnectError("invalid_state", INVALID_STATE);
  }
  const [row] = await deps.db
    .delete(calendarOauthStates)
    .where(and(eq(calendarOauthStates.id, claim.n), eq(calendarOauthStates.userId, userId)))
    .returning();
  if (!row || row.provider !== claim.p || row.expiresAt < now) {
    throw new CalendarConnectError("invalid_state", INVALID_STATE);
  }
  return {
    provider: row.provider as CalendarProviderId,
    redirectUri: row.redirectUri,
    codeVerifier: deps.secretBox.open(row.codeVerifier, verifierContext(row.id)),
    write: claim.w === true,
  };
}

function providerFailure(
  code: string | undefined,
  uris: string[],
  provider: CalendarProviderId,
): CalendarConnectError {
  if (code === "access_denied") return new CalendarConnectError("access_denied", CALENDAR_TEXT.accessDenied);
  if (code === "invalid_grant") return new CalendarConnectError("invalid_grant", CALENDAR_TEXT.invalidGrant);
  if (code === "redirect_uri_mismatch") {
    return new CalendarConnectError(
      "redirect_uri_mismatch",
      "The calendar provider does not know this redirect address. Register it with the OAuth client.",
      { validRedirectUris: uris, provider },
    );
  }
  return new CalendarConnectError("failed", CALENDAR_TEXT.connectFailed);
}

export async function finishCalendarConnect(
  deps: ConnectDeps,
  a: {
    userId: string;
    body: CalendarCallbackBody;
    entitlements: Pick<Entitlements, "forPerson">;
    now: Date;
  },
): Promise<CalendarCallbackResponse> {
  const { provider, redirectUri, codeVerifier, write } = await consumeState(
    deps,
    a.userId,
    a.body.state,
    a.now,
  );
  const uris = calendarRedirectUris(deps.publicUrl);
  if (a.body.error) throw providerFailure(a.body.error, uris, provider);
  if (!a.body.code)
    throw new CalendarConnectError("failed", "The calendar provider sent no authorization code.");
  const adapter = deps.calendars[provider];
  if (!adapter)
    throw new CalendarConnectError("failed", `${providerName(provider)} is not configured on this server.`);
  const log = deps.logger.child({ component: "calendar-connect", provider });

  let grant: Awaited<ReturnType<typeof adapter.exchangeCode>>;
  let account: Awaited<ReturnType<typeof adapter.account>>;
  try {
    grant = await adapter.exchangeCode({ code: a.body.code, codeVerifier, redirectUri });
    account = await adapter.account(grant.accessToken);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, "calendar connect failed");
    if (err instanceof CalendarApiError) {
      throw providerFailure(err.kind === "invalid_grant" ? "invalid_grant" : err.oauthCode, uris, provider);
    }
    throw providerFailure(undefined, uris, provider);
  }

  // The plan as it is now, after the person's round trip to the provider.
  const limit = (await a.entitlements.forPerson(a.userId)).calendarConnectionLimit;
  // Reconnecting an account already connected is never a new connection.
  const others = await activeConnections(deps, a.userId, { provider, email: account.email });
  const refusal =
    limit !== null && others >= limit
      ? new AppError("PLAN_REQUIRED", CALENDAR_LIMIT_MESSAGE, { requiredPlan: "pro" })
      : others >= CALENDAR_SYNC.maxConnections
        ? new AppError("CONFLICT", CALENDAR_MAX_MESSAGE)
        : null;
  if (refusal) {
    // The grant is of no use to us: give it back rather than keep an unused refresh token.
    await adapter
      .revoke({ accessToken: grant.accessToken, refreshToken: grant.refreshToken })
      .catch(() => {});
    throw refusal;
  }

  const connectionId = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(
        and(
          eq(calendarConnections.userId, a.userId),
          eq(calendarConnections.provider, provider),
          eq(calendarConnections.calendarEmail, account.email),
        ),
      );
    const id = existing?.id ?? randomUUID();
    const tokens = sealedTokenColumns(deps.secretBox, id, {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: grant.expiresInSeconds ? new Date(a.now.getTime() + grant.expiresInSeconds * 1000) : null,
    });
    const fresh = {
      calendarName: account.calendarName,
      isActive: true,
      errorMessage: null,
      needsReconnect: false,
      syncCursor: null,
      syncLeaseUntil: null,
      nextSyncAt: nextAutoSync(a.now),
      // A consent with the write scope (write-back turned on) grants it; a plain reconnect keeps it.
      ...(write ? { writeGranted: true } : {}),
      ...tokens,
    };
    await tx
      .insert(calendarConnections)
      .values({ id, userId: a.userId, provider, calendarEmail: account.email, ...fresh })
      .onConflictDoUpdate({
        target: [calendarConnections.userId, calendarConnections.provider, calendarConnections.calendarEmail],
        set: fresh,
      });
    // Turning write-back on ends here: the connection now holds the write scope.
    if (write)
      await tx
        .insert(plannerState)
        .values({ userId: a.userId, writeBackConnectionId: id, updatedAt: a.now })
        .onConflictDoUpdate({ target: plannerState.userId, set: { writeBackConnectionId: id } });
    return id;
  });
  log.info({ connectionId }, "calendar connected");
  deps.events.emit({ type: "calendar.connected", connectionId, personId: a.userId, provider });

  const outcome = await syncConnection(deps, {
    connectionId,
    userId: a.userId,
    syncType: "manual",
    now: a.now,
  });
  const [row] = await deps.db
    .select(summaryColumns)
    .from(calendarConnections)
    .where(eq(calendarConnections.id, connectionId));
  return {
    connection: toConnectionSummary(row!),
    sync:
      outcome.status === "success"
        ? { eventsSynced: outcome.eventsSynced, calendarName: outcome.calendarName }
        : null,
  };
}
