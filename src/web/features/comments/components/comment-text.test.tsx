// @vitest-environment happy-dom
// The comment renderer: links clickable (http and https only), resolved mentions highlighted, and
// every markup or script attempt shown as the very text that was typed.
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CommentText } from "./comment-text.tsx";

const shown = (body: string, mentions: string[] = []) =>
  render(<CommentText body={body} mentions={mentions} />).container;

describe("CommentText", () => {
  it("makes web addresses links that open apart from Kairo", () => {
    const view = shown("Specs at https://example.com/specs?v=2. Thanks");
    const links = view.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute("href")).toBe("https://example.com/specs?v=2");
    expect(links[0]!.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(view.textContent).toBe("Specs at https://example.com/specs?v=2. Thanks");
  });

  it("highlights resolved mentions only", () => {
    const view = shown("@ana@example.com and @eve@example.com", ["ana@example.com"]);
    const marks = view.querySelectorAll("[data-mention]");
    expect([...marks].map((m) => m.textContent)).toEqual(["@ana@example.com"]);
  });

  it.each([
    "<script>alert('x')</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    "[click](javascript:alert(1))",
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "&lt;b&gt;not bold&lt;/b&gt; **not bold** <b>not bold</b>",
    'https://x.test/"><script>alert(1)</script>',
    "<iframe src=https://evil.test></iframe>",
  ])("shows %s as text, building no element from it", (body) => {
    const view = shown(body);
    expect(view.textContent).toBe(body);
    expect(view.querySelector("script, img, iframe, b, [onerror]")).toBeNull();
    for (const a of view.querySelectorAll("a")) expect(a.getAttribute("href")).toMatch(/^https:\/\//);
  });
});
