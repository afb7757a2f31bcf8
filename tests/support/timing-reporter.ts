// A Vitest reporter that says where a run's worker time went, per project and per file: importing
// the file (and the server it pulls in), the files' own set-up and tear-down (beforeAll/afterAll:
// starting a server, a database), and the tests themselves (with their beforeEach/afterEach).
// On a shared 2-core machine wall-clock figures are noisy; these sums compare like with like.
// Used by `.ci/run`; by hand: `npx vitest run --project unit --reporter=default
// --reporter=./tests/support/timing-reporter.ts`. With KAIRO_TEST_TIMINGS=<file> it also writes
// every file's figures there as JSON.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type FileTiming = {
  project: string;
  file: string;
  /** Importing the test file and everything it imports (the server's modules, for most). */
  importMs: number;
  /** Vitest's own preparation, the environment and the config's setupFiles. */
  harnessMs: number;
  /** beforeAll and afterAll hooks: what a file pays once, whatever its number of tests. */
  fileHooksMs: number;
  /** The tests with their beforeEach and afterEach hooks. */
  testsMs: number;
  tests: number;
  /** CPU time of the test process for this file, and for its import (tests/support/cpu-meter.ts). */
  cpuMs?: number;
  cpuImportMs?: number;
};

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);

export default class TimingReporter implements Reporter {
  private readonly files: FileTiming[] = [];

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    let testsMs = 0;
    let tests = 0;
    for (const test of module.children.allTests()) {
      testsMs += test.diagnostic()?.duration ?? 0;
      tests += 1;
    }
    this.files.push({
      project: module.project.name,
      file: relative(process.cwd(), module.moduleId),
      importMs: d.collectDuration,
      harnessMs: d.prepareDuration + d.environmentSetupDuration + d.setupDuration,
      fileHooksMs: Math.max(0, d.duration - testsMs),
      testsMs,
      tests,
      cpuMs: module.meta().cpuMs,
      cpuImportMs: module.meta().cpuImportMs,
    });
  }

  onTestRunEnd() {
    if (this.files.length === 0) return;
    const projects = [...new Set(this.files.map((f) => f.project))];
    const lines = ["", "Worker time (s), summed over files (CPU: the test processes' own, where measured):"];
    lines.push(
      `${"project".padEnd(22)} files   import  harness set-up+down    tests    total   CPU import  CPU total`,
    );
    for (const project of projects) {
      const files = this.files.filter((f) => f.project === project);
      const sum = (key: "importMs" | "harnessMs" | "fileHooksMs" | "testsMs" | "cpuMs" | "cpuImportMs") =>
        files.reduce((total, f) => total + (f[key] ?? 0), 0);
      const total = sum("importMs") + sum("harnessMs") + sum("fileHooksMs") + sum("testsMs");
      const cpu = files.some((f) => f.cpuMs !== undefined)
        ? `     ${seconds(sum("cpuImportMs"))}    ${seconds(sum("cpuMs"))}`
        : "";
      lines.push(
        `${project.padEnd(22)}${String(files.length).padStart(6)}  ${seconds(sum("importMs"))}  ${seconds(sum("harnessMs"))}      ${seconds(sum("fileHooksMs"))}  ${seconds(sum("testsMs"))}  ${seconds(total)}${cpu}`,
      );
    }
    const slowest = [...this.files]
      .map((f) => ({ ...f, total: f.importMs + f.harnessMs + f.fileHooksMs + f.testsMs }))
      .sort((a, b) => b.total - a.total)
      .slice(0, 12);
    lines.push("Slowest files (import / set-up+down / tests, s):");
    for (const f of slowest) {
      lines.push(
        `  ${seconds(f.total)}  ${f.project.padEnd(21)} ${f.file}  (${(f.importMs / 1000).toFixed(1)} / ${(f.fileHooksMs / 1000).toFixed(1)} / ${(f.testsMs / 1000).toFixed(1)})`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\n`);
    const out = process.env.KAIRO_TEST_TIMINGS;
    if (out) writeFileSync(out, `${JSON.stringify(this.files, null, 1)}\n`);
  }
}
