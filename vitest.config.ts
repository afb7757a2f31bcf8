import { defineConfig } from "vitest/config";

// Three projects: pure unit tests beside the code, and the HTTP integration suite run twice,
// once on embedded PGlite and once on the real PostgreSQL at TEST_DATABASE_URL.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ["tests/support/setup.ts"],
        },
      },
      {
        test: {
          name: "integration:postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { KAIRO_TEST_DB: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ["tests/support/setup.ts"],
        },
      },
    ],
  },
});
