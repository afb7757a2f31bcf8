// One receiving process of bench/team-presence.ts (started by it with `fork`, never alone): holds
// its share of the open Team Workspaces and stamps when each typing flag arrives, on the machine's
// wall clock (performance.timeOrigin + performance.now(), the clock the sender stamps with), so the
// receivers' own work is spread over processes as it is over people's browsers.
// Messages from the parent: open (the sockets to open: server, cookie, group; `batch` at a time),
// start, collect, close.
import { io, type Socket } from "socket.io-client";

export type ReceiverJob = { base: string; cookie: string; group: number };
export type ToReceiver =
  | { op: "open"; jobs: ReceiverJob[]; batch: number }
  | { op: "start" }
  | { op: "collect" }
  | { op: "close" };
export type FromReceiver =
  | { op: "opened" }
  | { op: "started" }
  | { op: "samples"; sockets: Array<{ group: number; arrivals: number[] }>; cpuMs: number }
  | { op: "failed"; message: string };

/** A socket as the workspace page opens it, joined to its team's live view. */
export async function openWorkspace(base: string, cookie: string): Promise<Socket> {
  const socket = io(base, {
    path: "/socket.io",
    transports: ["websocket"],
    extraHeaders: { cookie },
    auth: { page: "/team-workspace" },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const ack = (await socket.timeout(30_000).emitWithAck("team:join", null)) as { ok: boolean };
  if (!ack.ok) throw new Error("join refused");
  return socket;
}

export const wallClock = () => performance.timeOrigin + performance.now();

if (process.send) {
  const send = (m: FromReceiver) => process.send!(m);
  const held: Array<{ socket: Socket; group: number; arrivals: number[] }> = [];
  let cpu = process.cpuUsage();
  process.on("message", (m: ToReceiver) => {
    void (async () => {
      if (m.op === "open") {
        for (let i = 0; i < m.jobs.length; i += m.batch) {
          const batch = m.jobs.slice(i, i + m.batch);
          const opened = await Promise.all(batch.map((j) => openWorkspace(j.base, j.cookie)));
          opened.forEach((socket, k) => {
            const entry = { socket, group: batch[k]!.group, arrivals: [] as number[] };
            socket.on("typing:update", () => entry.arrivals.push(wallClock()));
            held.push(entry);
          });
        }
        send({ op: "opened" });
      } else if (m.op === "start") {
        for (const h of held) h.arrivals = [];
        cpu = process.cpuUsage();
        send({ op: "started" });
      } else if (m.op === "collect") {
        const used = process.cpuUsage(cpu);
        send({
          op: "samples",
          sockets: held.map((h) => ({ group: h.group, arrivals: h.arrivals })),
          cpuMs: (used.user + used.system) / 1000,
        });
      } else if (m.op === "close") {
        for (const h of held) h.socket.close();
        process.exit(0);
      }
    })().catch((err: Error) => send({ op: "failed", message: err.message }));
  });
}
