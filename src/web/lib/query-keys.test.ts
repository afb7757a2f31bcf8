import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidate, queryKeys } from "./query-keys.ts";

const web = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

// A key typed inline (an array literal, or an array spread from another key) where a query key goes.
const INLINE_KEY =
  /\b(queryKey|mutationKey)\s*:\s*\[|(setQueryData|getQueryData|setQueriesData)\s*(<[^>]*>)?\(\s*\[|\w*QueryKey\w*\s*=\s*(\([^)]*\)\s*=>\s*)?\[/;

describe("query-key registry", () => {
  it("is where every query key in the web app comes from", () => {
    const files = sources(web).filter((f) => !f.endsWith("lib/query-keys.ts"));
    expect(files.some((f) => f.includes("/features/") && f.includes("/api/"))).toBe(true);
    const offenders = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => INLINE_KEY.test(line))
        .map(({ line, i }) => `${relative(web, file)}:${i + 1}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  it("refuses an inline key (the check above can fail)", () => {
    expect(INLINE_KEY.test(`queryOptions({ queryKey: ["tasks", id], queryFn })`)).toBe(true);
    expect(INLINE_KEY.test(`qc.setQueryData<Me>(["me"], me)`)).toBe(true);
    expect(INLINE_KEY.test(`export const teamQueryKey = ["team"] as const;`)).toBe(true);
    expect(INLINE_KEY.test(`queryOptions({ queryKey: queryKeys.me, queryFn })`)).toBe(false);
  });

  it("makes stale, once each, what a task change affects and nothing else", async () => {
    const qc = new QueryClient();
    const keys = {
      list: queryKeys.tasks.list({ status: "todo" }),
      overview: queryKeys.overview,
      analytics: queryKeys.analytics.range(30),
      calendar: queryKeys.calendar.range("a", "b"),
      pomodoro: queryKeys.pomodoro.today,
      me: queryKeys.me,
    };
    for (const key of Object.values(keys)) qc.setQueryData(key, 1);
    await invalidate(qc, "task");
    const stale = Object.entries(keys)
      .filter(([, key]) => qc.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual(["list", "overview", "analytics", "calendar"]);
  });
});
