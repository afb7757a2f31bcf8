import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { onError } from "./on-error.ts";
import { reply } from "./reply.ts";

const shape = z.object({ id: z.string(), total: z.number() });

function app(value: unknown) {
  return new Hono()
    .get("/x", (c) => reply(c, shape, value as z.input<typeof shape>, 201))
    .onError(onError as never);
}

describe("reply", () => {
  it("sends only the schema's fields, with the status given", async () => {
    const res = await app({ id: "a", total: 2, secret: "token" }).request("/x");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: "a", total: 2 });
  });

  it("answers 500, not 400, when our own value does not match", async () => {
    const res = await app({ id: "a", total: "two" }).request("/x");
    expect(res.status).toBe(500);
    expect((await res.json()).error.code).toBe("INTERNAL");
  });
});
