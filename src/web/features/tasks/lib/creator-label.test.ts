// A team task's edit view says who wrote it, and "Deleted user" once that account is gone.
import { describe, expect, it } from "vitest";
import { creatorLabel } from "./task-labels.ts";

const members = [
  { userId: "u1", name: "Ana", email: "ana@example.com" },
  { userId: "u2", name: "", email: "sam@example.com" },
];

describe("creatorLabel", () => {
  it("names the member, a deleted account and someone who left", () => {
    expect(creatorLabel("u1", members)).toBe("Created by Ana");
    expect(creatorLabel(null, members)).toBe("Created by Deleted user");
    expect(creatorLabel(null, undefined)).toBe("Created by Deleted user");
    expect(creatorLabel("gone", members)).toBe("Created by a former member");
    expect(creatorLabel("u2", members)).toBe("Created by sam@example.com");
  });

  it("says nothing while the members are still loading", () => {
    expect(creatorLabel("u1", undefined)).toBeNull();
  });
});
