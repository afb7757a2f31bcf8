// @vitest-environment happy-dom
// The offline copy (decision 281): only the kept query roots, under the signed-in person's id, one
// person's copy at a time, put back as it was, and gone when forgotten.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "#shared/contracts/auth.ts";
import {
  forgetOfflineCopies,
  keepOfflineCopy,
  readOfflineCopy,
  restoreOfflineCopy,
} from "./offline-cache.ts";
import { queryKeys } from "./query-keys.ts";

const ann: SessionUser = {
  id: "user-ann",
  email: "ann@example.com",
  name: "Ann",
  role: "user",
  emailVerified: true,
};
const bob: SessionUser = { ...ann, id: "user-bob", email: "bob@example.com", name: "Bob" };
const EXPIRES = "2026-12-04T09:00:00.000Z";
const listKey = queryKeys.tasks.list({ status: "todo" });

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function filledClient() {
  const qc = new QueryClient();
  qc.setQueryData(listKey, { pages: [{ tasks: [{ title: "Kept" }], total: 1 }], pageParams: [0] });
  qc.setQueryData(queryKeys.overview, { cards: 3 });
  qc.setQueryData(queryKeys.tasks.comments("t1"), { comments: ["not kept"] });
  qc.setQueryData(queryKeys.notifications, { items: ["not kept"] });
  return qc;
}

describe("offline copy", () => {
  it("keeps the task lists and the overview under the person's id, and nothing else", () => {
    const qc = filledClient();
    const stop = keepOfflineCopy(qc, ann, EXPIRES);
    vi.advanceTimersByTime(600);
    const copy = readOfflineCopy();
    expect(copy?.user).toEqual(ann);
    expect(copy?.expiresAt).toBe(EXPIRES);
    expect(copy?.queries.map((q) => q.key)).toEqual(expect.arrayContaining([listKey, queryKeys.overview]));
    expect(copy?.queries).toHaveLength(2);
    expect(Object.keys(localStorage)).toEqual(["kairo-offline-cache:user-ann"]);
    expect(localStorage.getItem("kairo-offline-cache:user-ann")).not.toContain("not kept");

    // A later answer is written too.
    qc.setQueryData(queryKeys.overview, { cards: 4 });
    vi.advanceTimersByTime(600);
    expect(readOfflineCopy()?.queries.find((q) => q.key[0] === "overview")?.data).toEqual({ cards: 4 });
    stop();
  });

  it("puts the answers back into an empty cache, as old as they were", () => {
    const stop = keepOfflineCopy(filledClient(), ann, EXPIRES);
    vi.advanceTimersByTime(600);
    stop();
    const fresh = new QueryClient();
    const copy = readOfflineCopy();
    if (!copy) throw new Error("no copy");
    restoreOfflineCopy(fresh, copy);
    expect(fresh.getQueryData(queryKeys.overview)).toEqual({ cards: 3 });
    expect(fresh.getQueryState(listKey)?.dataUpdatedAt).toBe(
      copy.queries.find((q) => q.key[1] === "list")?.updatedAt,
    );
    expect(fresh.getQueryData(queryKeys.tasks.comments("t1"))).toBeUndefined();
  });

  it("keeps what an earlier page load of the same person loaded (the overview, then the list)", () => {
    const first = new QueryClient();
    first.setQueryData(queryKeys.overview, { cards: 3 });
    const stopFirst = keepOfflineCopy(first, ann, EXPIRES);
    vi.advanceTimersByTime(600);
    stopFirst();
    const second = new QueryClient();
    second.setQueryData(listKey, { pages: [], pageParams: [] });
    const stopSecond = keepOfflineCopy(second, ann, EXPIRES);
    vi.advanceTimersByTime(600);
    stopSecond();
    expect(readOfflineCopy()?.queries.map((q) => q.key)).toEqual(
      expect.arrayContaining([queryKeys.overview, listKey]),
    );
  });

  it("holds one person's copy: another person's keeping removes the first's, and forgetting removes all", () => {
    const stopAnn = keepOfflineCopy(filledClient(), ann, EXPIRES);
    vi.advanceTimersByTime(600);
    stopAnn();
    const stopBob = keepOfflineCopy(new QueryClient(), bob, EXPIRES);
    expect(localStorage.getItem("kairo-offline-cache:user-ann")).toBeNull();
    vi.advanceTimersByTime(600);
    expect(readOfflineCopy()?.user.id).toBe("user-bob");
    stopBob();
    localStorage.setItem("unrelated", "stays");
    forgetOfflineCopies();
    expect(readOfflineCopy()).toBeNull();
    expect(Object.keys(localStorage)).toEqual(["unrelated"]);
  });

  it("ignores a copy stored under another person's id than its own, or not its shape", () => {
    localStorage.setItem(
      "kairo-offline-cache:user-bob",
      JSON.stringify({ v: 1, user: ann, expiresAt: EXPIRES, savedAt: 0, queries: [] }),
    );
    expect(readOfflineCopy()).toBeNull();
    localStorage.setItem("kairo-offline-cache:user-bob", "{not json");
    expect(readOfflineCopy()).toBeNull();
  });
});
