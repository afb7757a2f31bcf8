// commitImport reads the server's progress lines (decision 301): each step reaches onProgress, the
// last line is the answer (or its error), a plain JSON answer is read as before, and a stream that
// ends without its answer is a network failure. The transport is swapped for canned answers.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, setApiTransport } from "#web/lib/api-client.ts";
import { commitImport, type ImportFile } from "./import.ts";

const file: ImportFile = { format: "todoist-csv", fileName: "a.csv", data: "", timeZone: "UTC" };
const result = {
  created: true,
  counts: { projects: 1, sections: 0, tasks: 1200, subtasks: 0, comments: 0, recurring: 0, labels: 0 },
  projects: [{ id: "0b4f8c1e-6a8d-4a47-9d9e-3c2a1f0e5b6d", name: "Errands" }],
  importedAt: "2026-11-27T10:00:00.000Z",
  message: "Imported 1200 tasks into Errands.",
};

/** An x-ndjson answer sent in the pieces given (a line may be split across pieces). */
function streamed(pieces: string[]) {
  let sentAccept: string | null = null;
  setApiTransport(async (_path, init) => {
    sentAccept = new Headers(init.headers).get("accept");
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of pieces) controller.enqueue(encoder.encode(p));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "application/x-ndjson" } });
  });
  return () => sentAccept;
}

afterEach(() => setApiTransport((path, init) => fetch(path, init)));

describe("commitImport", () => {
  it("tells each step written and answers the last line's body", async () => {
    const accept = streamed([
      '{"type":"progress","done":0,"total":1200}\n{"type":"progress","do',
      'ne":500,"total":1200}\n',
      '{"type":"progress","done":1200,"total":1200}\n',
      `${JSON.stringify({ type: "result", status: 201, body: result })}\n`,
    ]);
    const steps: Array<[number, number]> = [];
    expect(await commitImport(file, (done, total) => steps.push([done, total]))).toEqual(result);
    expect(steps).toEqual([
      [0, 1200],
      [500, 1200],
      [1200, 1200],
    ]);
    expect(accept()).toContain("application/x-ndjson");
  });

  it("throws the error the last line carries", async () => {
    streamed([
      '{"type":"progress","done":0,"total":5}\n',
      `${JSON.stringify({ type: "result", status: 503, body: { error: { code: "UNAVAILABLE", message: "The server is busy. Please try again in a moment." } } })}\n`,
    ]);
    const err = await commitImport(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, code: "UNAVAILABLE" });
  });

  it("a stream that ends without its answer is a network failure", async () => {
    streamed(['{"type":"progress","done":0,"total":5}\n']);
    await expect(commitImport(file)).rejects.toMatchObject({ status: 0, code: "NETWORK" });
  });

  it("reads a plain answer (a file imported before) and a refusal as before", async () => {
    setApiTransport(async () => Response.json({ ...result, created: false }, { status: 200 }));
    expect(await commitImport(file)).toMatchObject({ created: false });
    setApiTransport(async () =>
      Response.json({ error: { code: "VALIDATION", message: "Nothing was imported" } }, { status: 400 }),
    );
    await expect(commitImport(file)).rejects.toMatchObject({ status: 400, code: "VALIDATION" });
  });
});
