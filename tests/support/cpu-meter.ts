// A setup file of the integration projects: records the CPU time this test process spends on the
// file (importing it, its set-up, its tests) in the file's meta, for tests/support/timing-reporter.ts.
// CPU time is what stays comparable on a shared machine, where wall-clock time follows the load.
// (It counts this process only: PGlite runs inside it, PostgreSQL does not.)
import { afterAll, beforeAll } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    /** CPU ms of this process from this setup file to the file's first beforeAll: the import. */
    cpuImportMs?: number;
    /** CPU ms of this process from this setup file to the file's last afterAll. */
    cpuMs?: number;
  }
}

const started = process.cpuUsage();
const since = () => {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};

// Registered before the file's own hooks: this beforeAll runs first, this afterAll last.
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's fixtures by destructuring
beforeAll(({}, file) => {
  file.meta.cpuImportMs = since();
});
// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's fixtures by destructuring
afterAll(({}, file) => {
  file.meta.cpuMs = since();
});
