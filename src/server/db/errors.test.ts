import { describe, expect, it } from "vitest";
import { dbBusyKind } from "./errors.ts";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: update tasks"), { cause });

describe("the database's bounded waits", () => {
  it("recognises a lock wait past lock_timeout and a deadlock, however deeply wrapped", () => {
    expect(dbBusyKind(wrapped(Object.assign(new Error("lock timeout"), { code: "55P03" })))).toBe("lock");
    expect(dbBusyKind(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe("lock");
  });

  it("recognises a statement timeout and a pool with no free connection", () => {
    expect(dbBusyKind(wrapped(Object.assign(new Error("canceled"), { code: "57014" })))).toBe("busy");
    expect(dbBusyKind(new Error("timeout exceeded when trying to connect"))).toBe("busy");
  });

  it("leaves every other error alone", () => {
    expect(dbBusyKind(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeNull();
    expect(dbBusyKind(new Error("boom"))).toBeNull();
    expect(dbBusyKind(undefined)).toBeNull();
  });
});
