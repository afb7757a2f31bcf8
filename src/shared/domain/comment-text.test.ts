import { describe, expect, it } from "vitest";
import { commentSegments, mentionedEmails, safeHref } from "./comment-text.ts";

describe("mentionedEmails", () => {
  it("finds @ followed by an address, once each, in lower case", () => {
    expect(mentionedEmails("@Ana@Example.com and @bo@x.io, then @ana@example.com.")).toEqual([
      "ana@example.com",
      "bo@x.io",
    ]);
  });
  it("does not read a bare address or a word@word as a mention", () => {
    expect(mentionedEmails("mail ana@example.com or me@home")).toEqual([]);
    expect(mentionedEmails("x@ana@example.com")).toEqual([]);
  });
});

describe("commentSegments", () => {
  it("makes http(s) addresses links and leaves sentence punctuation outside", () => {
    expect(commentSegments("See https://example.com/a?b=1. Done")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ". Done" },
    ]);
    expect(commentSegments("(https://en.wikipedia.org/wiki/Kairos_(god))")[1]).toEqual({
      kind: "link",
      text: "https://en.wikipedia.org/wiki/Kairos_(god)",
      href: "https://en.wikipedia.org/wiki/Kairos_(god)",
    });
  });

  it("highlights only the mentions the server resolved", () => {
    expect(commentSegments("@ana@example.com ask @eve@evil.test", ["ana@example.com"])).toEqual([
      { kind: "mention", text: "@ana@example.com", email: "ana@example.com" },
      { kind: "text", text: " ask @eve@evil.test" },
    ]);
  });

  it("never turns markup or other schemes into anything but text", () => {
    const attempts = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "javascript:alert(1)",
      "[click](javascript:alert(1))",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "**bold** _em_ `code`",
    ];
    for (const text of attempts) expect(commentSegments(text)).toEqual([{ kind: "text", text }]);
  });

  it("keeps quotes and angle brackets out of a link's address", () => {
    const segments = commentSegments('https://x.test/"onmouseover="alert(1)<b>');
    expect(segments[0]).toEqual({ kind: "link", text: "https://x.test/", href: "https://x.test/" });
    expect(segments.slice(1).every((s) => s.kind === "text")).toBe(true);
  });

  it("safeHref accepts http and https only", () => {
    expect(safeHref("https://a.test/x")).toBe("https://a.test/x");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("not a url")).toBeNull();
  });
});
