import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { waitFor } from "../../../tests/support/wait-for.ts";
import { startEveryInstance } from "./every-instance.ts";
import { pgBossLeaseSettings } from "./pg-boss.ts";
import { defineJob } from "./queue.ts";

const log = pino({ level: "silent" });

describe("jobs on every instance's timer", () => {
  it("run again and again, never two at once, until stopped (which waits for the run in progress)", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let failures = 0;
    const def = defineJob({
      name: "tick",
      payload: z.object({}).strict(),
      everyInstanceSeconds: 0.005,
      async handler() {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        runs++;
        // A failing run is logged and the timer goes on.
        if (runs === 2) {
          failures++;
          throw new Error("boom");
        }
      },
    });
    const queued = defineJob({ name: "queued", payload: z.object({}).strict(), handler: async () => {} });
    const timers = startEveryInstance([def, queued], { clock: () => new Date(), log });
    await waitFor(
      async () => runs,
      (n) => n >= 4,
      { what: "four runs" },
    );
    await timers.stop();
    const after = runs;
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(failures).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(after);
  });
});

describe("pg-boss's lease settings", () => {
  it("heartbeat at least pg-boss's 10 s minimum, supervisor twice a lease", () => {
    expect(pgBossLeaseSettings(20)).toEqual({ heartbeatSeconds: 20, superviseIntervalSeconds: 10 });
    expect(pgBossLeaseSettings(3)).toEqual({ heartbeatSeconds: 10, superviseIntervalSeconds: 2 });
  });
});
