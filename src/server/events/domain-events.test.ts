import { describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger.ts";
import { createDomainEvents, type DomainEvent } from "./domain-events.ts";

const created = (taskId: string): DomainEvent => ({ type: "task.created", taskId, personId: "p1" });

function hub() {
  const logger = createLogger("silent");
  const error = vi.spyOn(logger, "error");
  const events = createDomainEvents({ logger });
  const seen: string[] = [];
  events.on("task.created", (e) => {
    seen.push(e.taskId);
  });
  return { events, seen, error };
}

describe("domain events", () => {
  it("delivers an event emitted outside a transaction on the next tick, not synchronously", async () => {
    const { events, seen } = hub();
    events.emit(created("a"));
    expect(seen).toEqual([]);
    await events.idle();
    expect(seen).toEqual(["a"]);
  });

  it("holds events emitted inside afterCommit work until the work resolves", async () => {
    const { events, seen } = hub();
    let release!: () => void;
    const committed = new Promise<void>((r) => {
      release = r;
    });
    const work = events.afterCommit(async () => {
      events.emit(created("held"));
      await committed;
      return 42;
    });
    await new Promise((r) => setTimeout(r, 5));
    await events.idle();
    expect(seen).toEqual([]);
    release();
    expect(await work).toBe(42);
    await events.idle();
    expect(seen).toEqual(["held"]);
  });

  it("drops the events of work that rejects (the change was rolled back)", async () => {
    const { events, seen } = hub();
    await expect(
      events.afterCommit(async () => {
        events.emit(created("rolled-back"));
        throw new Error("conflict");
      }),
    ).rejects.toThrow("conflict");
    await events.idle();
    expect(seen).toEqual([]);
  });

  it("lets nested work's events wait for the outer work", async () => {
    const { events, seen } = hub();
    await expect(
      events.afterCommit(async () => {
        await events.afterCommit(async () => events.emit(created("inner")));
        throw new Error("outer failed");
      }),
    ).rejects.toThrow();
    await events.idle();
    expect(seen).toEqual([]);
  });

  it("logs a failing subscriber and still delivers to the others; unsubscribing stops delivery", async () => {
    const { events, seen, error } = hub();
    const off = events.on("task.created", () => {
      throw new Error("subscriber broke");
    });
    events.emit(created("b"));
    await events.idle();
    expect(seen).toEqual(["b"]);
    expect(error).toHaveBeenCalledTimes(1);
    off();
    events.emit(created("c"));
    await events.idle();
    expect(seen).toEqual(["b", "c"]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("delivers only to subscribers of the event's type", async () => {
    const { events, seen } = hub();
    events.emit({ type: "task.deleted", taskId: "x", personId: "p1" });
    await events.idle();
    expect(seen).toEqual([]);
  });
});
