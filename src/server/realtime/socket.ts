// Socket.IO on the same HTTP server. Only signed-in people connect; each joins a room of their own.
// With REDIS_URL the Redis adapter fans events out across instances.
import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import { Server } from "socket.io";
import type { Auth } from "../auth/auth.ts";
import type { Logger } from "../logger.ts";

export type RealtimeOptions = { auth: Auth; logger: Logger; redisUrl?: string };

export async function attachRealtime(server: HttpServer, o: RealtimeOptions) {
  const io = new Server(server, { path: "/socket.io", serveClient: false });
  const clients: Array<{ quit(): Promise<unknown> }> = [];
  if (o.redisUrl) {
    const pub = createClient({ url: o.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    clients.push(pub, sub);
  }
  io.use(async (socket, next) => {
    const headers = new Headers();
    const cookie = socket.request.headers.cookie;
    if (cookie) headers.set("cookie", cookie);
    const session = await o.auth.api.getSession({ headers }).catch(() => null);
    if (!session) return next(new Error("Unauthorized"));
    socket.data.userId = session.user.id;
    next();
  });
  io.on("connection", (socket) => {
    socket.join(`user:${socket.data.userId}`);
  });
  return {
    io,
    async close() {
      await io.close();
      await Promise.all(clients.map((c) => c.quit().catch(() => {})));
    },
  };
}
