import { configDefaults, defineConfig } from "vitest/config";

const ROUTE_TABLE_SWEEPS = [
  "tests/integration/bad-input-property.test.ts",
  "tests/integration/route-permissions.test.ts",
];

// Three projects: pure unit tests beside the code, and the HTTP integration suite run twice,
// once on embedded PGlite and once on the real PostgreSQL at TEST_DATABASE_URL.
//
// The integration files of one worker share one module graph (isolate: false): the server's
// modules are imported once per worker instead of once per file (3-7 s each on this machine), and
// the migrated database copies of tests/support/test-database.ts are read once per worker. Each
// file still starts its own server on its own database (docs/decisions/146-integration-set-up-once.md);
// what a file must not do is leave something running or changed for the next (see tests/README.md).
export default defineConfig({
  test: {
    // Integration files spend most of their time waiting on PostgreSQL, PGlite and HTTP round trips:
    // three files at once keep two cores busy, where Vitest's default (cores - 1) ran one at a time.
    // Their time limits only catch a hang, so they leave room for that sharing.
    // The PostgreSQL project runs with four (package.json): its slowest files wait on leases, killed
    // child servers and timers rather than compute, and a fourth worker fills that wait; four
    // workers' test servers and child instances stay under PostgreSQL's 100 connections.
    maxWorkers: 3,
    // `.ci/run` asks where each step's worker time went (tests/support/timing-reporter.ts).
    reporters: process.env.KAIRO_TEST_TIMING_REPORT
      ? ["default", "./tests/support/timing-reporter.ts"]
      : ["default"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "tests/support/**/*.test.ts", "scripts/**/*.test.ts"],
          // Node for every unit test; a component test (`*.test.tsx`) that renders into a DOM asks for
          // happy-dom with a `// @vitest-environment happy-dom` first line (Testing Library, decision 151).
          environment: "node",
          setupFiles: ["tests/support/dom-cleanup.ts"],
          // Vitest's 5 s default only catches a hang when the machine is idle: under CI beside other
          // work (load average 25 on 2 cores), a component test typing into a form and a property
          // test of recurrence passed 5 s while nothing was wrong. The limit is for hangs only.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration:pglite",
          include: ["tests/integration/**/*.test.ts"],
          // The two sweeps over the whole route table run on PostgreSQL only (decision 250): they test
          // what happens before the database (validation, the permission table), and each route's
          // own file runs on both databases.
          exclude: [...configDefaults.exclude, ...ROUTE_TABLE_SWEEPS],
          env: { KAIRO_TEST_DB: "pglite" },
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["tests/support/setup.ts", "tests/support/cpu-meter.ts"],
        },
      },
      {
        test: {
          name: "integration:postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { KAIRO_TEST_DB: "postgres" },
          isolate: false,
          globalSetup: ["tests/support/postgres-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["tests/support/setup.ts", "tests/support/cpu-meter.ts"],
        },
      },
    ],
  },
});
