// Where the Team Workspace's presence lives: one record per connection, grouped by team. In memory
// for a single instance; in Redis when REDIS_URL is set, so every instance reads the same records and
// a dead instance's connections age out (their heartbeat stops, the sweep removes them).
import { createClient } from "redis";
import { type ConnectionPresence, isExpired } from "#shared/domain/presence.ts";

export type PresenceStore = {
  kind: "memory" | "redis";
  /** Writes (or rewrites) records; the heartbeat calls this with each connection's new seenAt. */
  put(teamId: string, records: ConnectionPresence[]): Promise<void>;
  /** Removes a connection's record; true when this call removed it. */
  remove(teamId: string, connectionId: string): Promise<boolean>;
  /** Every record of the team, expired ones included (callers merge with the expiry rule). */
  list(teamId: string): Promise<ConnectionPresence[]>;
  /** Removes the records not refreshed within `expiryMs`; returns those this call removed (once across instances). */
  sweep(teamId: string, now: number, expiryMs: number): Promise<ConnectionPresence[]>;
  close(): Promise<void>;
};

export function memoryPresenceStore(): PresenceStore {
  const teams = new Map<string, Map<string, ConnectionPresence>>();
  const team = (id: string) => {
    let t = teams.get(id);
    if (!t) {
      t = new Map();
      teams.set(id, t);
    }
    return t;
  };
  const dropIfEmpty = (id: string) => {
    if (teams.get(id)?.size === 0) teams.delete(id);
  };
  return {
    kind: "memory",
    async put(teamId, records) {
      const t = team(teamId);
      for (const r of records) t.set(r.connectionId, r);
    },
    async remove(teamId, connectionId) {
      const removed = teams.get(teamId)?.delete(connectionId) ?? false;
      dropIfEmpty(teamId);
      return removed;
    },
    async list(teamId) {
      return [...(teams.get(teamId)?.values() ?? [])];
    },
    async sweep(teamId, now, expiryMs) {
      const t = teams.get(teamId);
      if (!t) return [];
      const gone = [...t.values()].filter((r) => isExpired(r, now, expiryMs));
      for (const r of gone) t.delete(r.connectionId);
      dropIfEmpty(teamId);
      return gone;
    },
    async close() {
      teams.clear();
    },
  };
}

const keyOf = (teamId: string) => `kairo:presence:${teamId}`;

// Atomic on the Redis server: reads the team's records and deletes the expired ones in one step, so
// two instances sweeping at once cannot both report the same departure, and a heartbeat cannot land
// between the read and the delete.
const SWEEP_SCRIPT = `
local removed = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local ok, rec = pcall(cjson.decode, all[i + 1])
  if (not ok) or type(rec) ~= 'table' or type(rec.seenAt) ~= 'number' or rec.seenAt < tonumber(ARGV[1]) then
    redis.call('HDEL', KEYS[1], all[i])
    table.insert(removed, all[i + 1])
  end
end
return removed`;

function parse(raw: string): ConnectionPresence | null {
  try {
    const r = JSON.parse(raw) as ConnectionPresence;
    return typeof r?.connectionId === "string" && typeof r.userId === "string" ? r : null;
  } catch {
    return null;
  }
}

/**
 * Presence in Redis: a hash per team (`kairo:presence:<team>`), field = connection id, value = the
 * record as JSON. The hash itself expires `keyTtlMs` after its last write, so a team whose every
 * instance died leaves nothing behind.
 */
export async function redisPresenceStore(url: string, keyTtlMs: number): Promise<PresenceStore> {
  const client = createClient({ url });
  await client.connect();
  return {
    kind: "redis",
    async put(teamId, records) {
      if (records.length === 0) return;
      const key = keyOf(teamId);
      const fields: Record<string, string> = {};
      for (const r of records) fields[r.connectionId] = JSON.stringify(r);
      await client.multi().hSet(key, fields).pExpire(key, keyTtlMs).exec();
    },
    async remove(teamId, connectionId) {
      return (await client.hDel(keyOf(teamId), connectionId)) > 0;
    },
    async list(teamId) {
      const all = await client.hVals(keyOf(teamId));
      return all.flatMap((raw) => parse(raw) ?? []);
    },
    async sweep(teamId, now, expiryMs) {
      const removed = (await client.eval(SWEEP_SCRIPT, {
        keys: [keyOf(teamId)],
        arguments: [String(now - expiryMs)],
      })) as string[];
      return removed.flatMap((raw) => parse(raw) ?? []);
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
