// The Team Workspace's live state: joins the team's room when the socket connects (and again after
// every reconnection, for a fresh picture), then follows presence diffs, typing and activity. While
// the socket is down the last picture stays on screen, marked stale.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type {
  ActivityEventDto,
  SocketAck,
  TeamSnapshot,
  TeamWorkspaceServerEvents,
} from "#shared/contracts/team-workspace.ts";
import { type MemberPresence, RECENT_ACTIVITY_LIMIT, typingShownUntil } from "#shared/domain/presence.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { type ConnectionState, useRealtimeSocket } from "#web/lib/realtime.ts";
import { useTeamActivity } from "../api/get-team-activity.ts";

export type WorkspacePhase = "joining" | "ready" | "no_team";

type Live = {
  phase: WorkspacePhase;
  members: Record<string, MemberPresence>;
  /** userId -> until when "typing..." shows. */
  typing: Record<string, number>;
  activity: ActivityEventDto[] | null;
  /** When the picture was last known to be current (ms). */
  asOf: number | null;
};

const initial: Live = { phase: "joining", members: {}, typing: {}, activity: null, asOf: null };

/** Newest first, one entry per id, at most 10. */
export function mergeActivity(list: ActivityEventDto[], event: ActivityEventDto): ActivityEventDto[] {
  return [event, ...list.filter((e) => e.id !== event.id)]
    .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
    .slice(0, RECENT_ACTIVITY_LIMIT);
}

export function useTeamWorkspace() {
  const { socket, state } = useRealtimeSocket();
  const qc = useQueryClient();
  const stored = useTeamActivity();
  const [live, setLive] = useState<Live>(initial);

  useEffect(() => {
    if (!socket) return;
    const join = () => {
      socket.emit("team:join", null, (ack: SocketAck<{ snapshot: TeamSnapshot }>) => {
        if (!ack.ok) {
          setLive({ ...initial, phase: "no_team" });
          return;
        }
        const members = Object.fromEntries(ack.snapshot.members.map((m) => [m.userId, m]));
        setLive((l) => ({
          ...l,
          phase: "ready",
          members,
          activity: ack.snapshot.activity,
          asOf: Date.now(),
        }));
        qc.setQueryData(queryKeys.team.activity, { activity: ack.snapshot.activity });
      });
    };
    const onDiff: TeamWorkspaceServerEvents["presence:diff"] = ({ changed, gone }) =>
      setLive((l) => {
        const members = { ...l.members };
        const typing = { ...l.typing };
        for (const m of changed) members[m.userId] = m;
        for (const id of gone) {
          delete members[id];
          delete typing[id];
        }
        return { ...l, members, typing, asOf: Date.now() };
      });
    const onTyping: TeamWorkspaceServerEvents["typing:update"] = ({ userId, isTyping }) =>
      setLive((l) => {
        const typing = { ...l.typing };
        if (isTyping) typing[userId] = typingShownUntil(Date.now());
        else delete typing[userId];
        return { ...l, typing };
      });
    const onActivity: TeamWorkspaceServerEvents["activity:new"] = (event) =>
      setLive((l) => ({ ...l, activity: mergeActivity(l.activity ?? [], event) }));
    const onLeft: TeamWorkspaceServerEvents["team:left"] = () => {
      setLive({ ...initial, phase: "no_team" });
      void qc.invalidateQueries({ queryKey: queryKeys.team.all });
    };
    socket.on("connect", join);
    socket.on("presence:diff", onDiff);
    socket.on("typing:update", onTyping);
    socket.on("activity:new", onActivity);
    socket.on("team:left", onLeft);
    if (socket.connected) join();
    return () => {
      socket.off("connect", join);
      socket.off("presence:diff", onDiff);
      socket.off("typing:update", onTyping);
      socket.off("activity:new", onActivity);
      socket.off("team:left", onLeft);
      if (socket.connected) socket.emit("team:leave", null);
    };
  }, [socket, qc]);

  // "typing..." clears by itself when the sender's "stopped" never comes.
  const typingIds = Object.keys(live.typing);
  useEffect(() => {
    if (typingIds.length === 0) return;
    const next = Math.min(...Object.values(live.typing));
    const timer = window.setTimeout(
      () =>
        setLive((l) => ({
          ...l,
          typing: Object.fromEntries(Object.entries(l.typing).filter(([, until]) => until > Date.now())),
        })),
      Math.max(0, next - Date.now()) + 10,
    );
    return () => window.clearTimeout(timer);
  }, [live.typing, typingIds.length]);

  const connection: ConnectionState = state;
  return {
    phase: live.phase,
    members: live.members,
    typing: live.typing,
    activity: live.activity ?? stored.data?.activity ?? null,
    activityError: live.activity === null && stored.isError,
    connection,
    /** The picture may be out of date: the socket is down, or it never came up. */
    stale: connection !== "connected",
    asOf: live.asOf,
    setTyping(isTyping: boolean) {
      if (socket?.connected) socket.emit("typing:set", { isTyping }, () => {});
    },
    async broadcast(note: string): Promise<SocketAck<{ event: ActivityEventDto }>> {
      if (!socket?.connected) {
        return {
          ok: false,
          error: { code: "no_team", message: "You're not connected. Try again in a moment." },
        };
      }
      const ack = (await socket
        .timeout(5000)
        .emitWithAck("activity:broadcast", note ? { note } : null)) as SocketAck<{
        event: ActivityEventDto;
      }>;
      if (ack.ok) setLive((l) => ({ ...l, activity: mergeActivity(l.activity ?? [], ack.event) }));
      return ack;
    },
  };
}

export type TeamWorkspaceLive = ReturnType<typeof useTeamWorkspace>;
