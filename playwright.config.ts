import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "/tmp/kairo-e2e-data";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  // One retry: a journey that passes only on its second try is listed as flaky in the report (so it
  // stays visible) instead of failing the whole CI run on a slow moment of a shared machine.
  retries: 1,
  // Generous limits for a busy CI machine (they only bound a hang; a passing test is not slowed):
  // at 30 s and 7 s, seventeen journeys timed out on a run two to three times slower than here.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace for every test cost a fifth
    // of the browser run's time on this machine.
    trace: (process.env.E2E_TRACE as "off" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    // Kairo's service worker (decision 280) would answer the app's pages and files itself, out of
    // page.route's reach: journeys run without it, bar installable.spec.ts, which is about it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // With the GPU off, no software-emulated GPU either: the page is drawn by Chromium's own
        // software compositor, which took about 15% less CPU over the same journeys here.
        "--disable-software-rasterizer",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The server with its calendar providers pointed at a local fake (see the file).
    command: `rm -rf ${DATA_DIR} && node tests/support/e2e-server.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      KAIRO_DATA_DIR: DATA_DIR,
      NODE_ENV: "test",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      KAIRO_ADMIN_EMAILS: "admin-e2e@example.com",
      KAIRO_SUPER_ADMIN_EMAILS: "super-e2e@example.com",
      // webhooks.spec.ts's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      // tasks.spec.ts waits for a reminder to fire: sweep every 2 seconds.
      REMINDER_SWEEP_SECONDS: "2",
    },
  },
});
