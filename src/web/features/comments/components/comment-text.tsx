// A comment shown as text (decision 167): the segments of commentSegments become React text nodes,
// links and highlighted mentions. Nothing here builds HTML from the text, so a tag, an entity or a
// markdown mark typed in a comment is shown exactly as typed.
import { commentSegments } from "#shared/domain/comment-text.ts";

export function CommentText({ body, mentions }: { body: string; mentions: readonly string[] }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {commentSegments(body, mentions).map((s, i) => {
        const key = `${i}-${s.kind}`;
        if (s.kind === "link") {
          return (
            <a
              key={key}
              href={s.href}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="text-accent underline underline-offset-2"
            >
              {s.text}
            </a>
          );
        }
        if (s.kind === "mention") {
          return (
            <span
              key={key}
              className="rounded bg-accent/10 px-0.5 font-medium text-accent"
              data-mention={s.email}
            >
              {s.text}
            </span>
          );
        }
        return <span key={key}>{s.text}</span>;
      })}
    </p>
  );
}
