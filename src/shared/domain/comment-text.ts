// How a comment's plain text is read (decisions 167 and 168): nothing in it is markup. Two things are
// recognised and nothing else: web addresses (http and https only) become links, and `@` followed by
// an email address is a mention when that address belongs to someone who can see the task. The server
// finds the mentions with `mentionedEmails`; the web splits the text with `commentSegments` and shows
// each segment as text, a link or a highlighted mention.

/** The longest comment (issue 23's "a comment over 10,000 characters" is refused). */
export const COMMENT_MAX = 10_000;

/** Mentions a comment may resolve: more are read as plain text. */
export const MENTIONS_PER_COMMENT = 20;

// `@` not glued to a word before it (so "ana@example.com" alone is an address, not a mention), then
// an email address. The domain ends in a letter, so a sentence's full stop is left outside.
const MENTION = /(?<![\w.@+-])@([A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24})/g;
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than an address.
const TRAILING_CHAR = /^[.,;:!?'")\]}*]$/;

/** The distinct addresses a text mentions, lower case, in order of first appearance. */
export function mentionedEmails(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(MENTION)) seen.add(m[1]!.toLowerCase());
  return [...seen];
}

export type CommentSegment =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "mention"; text: string; email: string };

/** The address a link segment may point at: an absolute http(s) URL, or null. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Drops the sentence's punctuation after a link, keeping a ")" that the link itself opened. */
function trimLink(raw: string): string {
  let link = raw;
  while (TRAILING_CHAR.test(link.slice(-1))) {
    if (link.endsWith(")")) {
      const opens = link.split("(").length - 1;
      const closes = link.split(")").length - 1;
      if (opens >= closes) return link;
    }
    link = link.slice(0, -1);
  }
  return link;
}

/**
 * Splits a comment into text, links and mentions. `mentions` are the addresses the server resolved
 * (lower case); an `@address` not among them stays text.
 */
export function commentSegments(text: string, mentions: Iterable<string> = []): CommentSegment[] {
  const known = new Set([...mentions].map((m) => m.toLowerCase()));
  type Hit = { start: number; end: number; segment: CommentSegment };
  const hits: Hit[] = [];
  for (const m of text.matchAll(LINK)) {
    const raw = trimLink(m[0]);
    const href = safeHref(raw);
    if (href)
      hits.push({ start: m.index, end: m.index + raw.length, segment: { kind: "link", text: raw, href } });
  }
  for (const m of text.matchAll(MENTION)) {
    const email = m[1]!.toLowerCase();
    if (!known.has(email)) continue;
    const start = m.index;
    const end = start + m[0].length;
    // Inside a link (an address's query, say) it is part of the link.
    if (hits.some((h) => h.segment.kind === "link" && start < h.end && end > h.start)) continue;
    hits.push({ start, end, segment: { kind: "mention", text: m[0], email } });
  }
  hits.sort((a, b) => a.start - b.start);
  const out: CommentSegment[] = [];
  let at = 0;
  for (const h of hits) {
    if (h.start < at) continue;
    if (h.start > at) out.push({ kind: "text", text: text.slice(at, h.start) });
    out.push(h.segment);
    at = h.end;
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) });
  return out;
}
