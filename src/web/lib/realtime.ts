// Keeps every open tab and device in step: when the server says the person's tasks changed, the
// affected queries refetch. The socket client loads only in the signed-in area.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ServerToClientEvents } from "#shared/contracts/realtime.ts";

const AFFECTED = [["tasks"], ["overview"], ["calendar"], ["analytics"], ["pomodoro"]] as const;

export function useRealtimeSync() {
  const qc = useQueryClient();
  useEffect(() => {
    let closed = false;
    let disconnect: (() => void) | undefined;
    void import("socket.io-client").then(({ io }) => {
      if (closed) return;
      const socket = io({ path: "/socket.io", withCredentials: true, transports: ["websocket", "polling"] });
      const onChanged: ServerToClientEvents["tasks:changed"] = () => {
        for (const key of AFFECTED) void qc.invalidateQueries({ queryKey: [...key] });
      };
      socket.on("tasks:changed", onChanged);
      disconnect = () => socket.disconnect();
    });
    return () => {
      closed = true;
      disconnect?.();
    };
  }, [qc]);
}
