// Tells the team where this tab is and whether its person is here: online on pointer or key activity
// and on navigation, away after 5 idle minutes, busy while their Pomodoro focus runs. Runs in the
// signed-in frame on every page; only changes are sent. People without a team are told "no_team" by
// the server and nothing is fanned out.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { PresenceUpdateBody, SocketAck } from "#shared/contracts/team-workspace.ts";
import { deserialize, focusRunning, POMODORO_STORAGE_KEY } from "#shared/domain/pomodoro.ts";
import {
  initialTabPresence,
  onActivity,
  onFocusChange,
  onNavigate,
  type TabPresence,
  tabStatus,
} from "#shared/domain/presence.ts";
import { setRealtimeHandshake, useRealtimeSocket } from "#web/lib/realtime.ts";
import { reportedPage } from "../page-label.ts";

/** How often idleness and the Pomodoro timer are looked at. */
const CHECK_MS = 5_000;
/** Pointer movement updates the last activity at most this often. */
const ACTIVITY_THROTTLE_MS = 1_000;

function readFocus(now: number): boolean {
  try {
    return focusRunning(deserialize(localStorage.getItem(POMODORO_STORAGE_KEY), now), now);
  } catch {
    return false;
  }
}

export function usePresenceReporter() {
  const location = useLocation();
  const page = reportedPage(location.pathname, location.search);
  const { socket } = useRealtimeSocket();
  const tab = useRef<TabPresence | null>(null);
  tab.current ??= initialTabPresence(Date.now(), page, readFocus(Date.now()));
  const sent = useRef<PresenceUpdateBody | null>(null);
  const socketRef = useRef(socket);
  socketRef.current = socket;

  const current = (): PresenceUpdateBody => {
    const t = tab.current!;
    return { status: tabStatus(t, Date.now()), page: t.page };
  };

  const report = () => {
    const s = socketRef.current;
    if (!s?.connected) return;
    const next = current();
    if (sent.current?.status === next.status && sent.current.page === next.page) return;
    sent.current = next;
    s.emit("presence:update", next, (_ack: SocketAck) => {});
  };

  // The server learns the page and status with every (re)connection, so nothing is sent then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: current reads refs only
  useEffect(() => {
    setRealtimeHandshake(() => {
      sent.current = current();
      return { ...sent.current };
    });
    return () => setRealtimeHandshake(() => ({}));
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => {
    tab.current = onNavigate(tab.current!, Date.now(), page);
    report();
  }, [page]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: report reads refs only
  useEffect(() => {
    let last = 0;
    const onUse = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      tab.current = onActivity(tab.current!, now);
      report();
    };
    const check = () => {
      tab.current = onFocusChange(tab.current!, readFocus(Date.now()));
      report();
    };
    const events = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"] as const;
    for (const e of events) window.addEventListener(e, onUse, { passive: true });
    window.addEventListener("storage", check);
    const timer = window.setInterval(check, CHECK_MS);
    return () => {
      for (const e of events) window.removeEventListener(e, onUse);
      window.removeEventListener("storage", check);
      window.clearInterval(timer);
    };
  }, []);
}
