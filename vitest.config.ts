import { defineConfig } from "vitest/config";

// Three projects: pure unit tests beside the code, and the HTTP integration suite run twice,
// once on embedded PGlite and once on the real PostgreSQL at TEST_DATABASE_URL.
export default defineConfig({
  test: {
    // Integration files spend most of their time waiting on PostgreSQL, PGlite and HTTP round trips:
    // three files at once keep two cores busy, where Vitest's default (cores - 1) ran one at a time.
    // Their time limits only catch a hang, so they leave room for that sharing.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "tests/support/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration:pglite",
          include: ["tests/integration/**/*.test.ts"],
          env: { KAIRO_TEST_DB: "pglite" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["tests/support/setup.ts"],
        },
      },
      {
        test: {
          name: "integration:postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { KAIRO_TEST_DB: "postgres" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          setupFiles: ["tests/support/setup.ts"],
        },
      },
    ],
  },
});
