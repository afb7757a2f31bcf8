import { describe, expect, it } from "vitest";
import { problemFromErrorBody, problemOf, problemType } from "./problem.ts";

describe("problem details (decision 255)", () => {
  it("turns our error body into a problem document with the code as an extension member", () => {
    expect(
      problemFromErrorBody(400, {
        error: { code: "VALIDATION", message: "Check the title.", fields: { title: "Required." } },
      }),
    ).toEqual({
      type: "/api/v1/docs#problem-validation",
      title: "Bad Request",
      status: 400,
      detail: "Check the title.",
      code: "VALIDATION",
      fields: { title: "Required." },
    });
  });

  it("keeps a 409's extra members, and never lets them overwrite the standard ones", () => {
    const doc = problemFromErrorBody(409, {
      task: { id: "t" },
      status: "open",
      error: { code: "CONFLICT", message: "Changed." },
    });
    expect(doc).toMatchObject({ status: 409, title: "Conflict", code: "CONFLICT", task: { id: "t" } });
    expect(problemOf(412, "PRECONDITION_FAILED", "x", { type: "evil", code: "NO" })).toMatchObject({
      type: problemType("PRECONDITION_FAILED"),
      code: "PRECONDITION_FAILED",
    });
  });

  it("names an error without our shape by its status", () => {
    expect(problemFromErrorBody(503, {})).toMatchObject({ title: "Service Unavailable", code: "HTTP_ERROR" });
  });
});
