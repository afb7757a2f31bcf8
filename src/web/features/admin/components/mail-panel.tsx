// The mail Kairo sent, as the development outbox keeps it. With SMTP nothing is kept, and it says so.
import { Mail } from "lucide-react";
import { Card } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useMail } from "../api/get-mail.ts";
import { formatDateTime } from "./format.ts";

export function MailPanel() {
  const mail = useMail();
  // A failed first load goes to the tab's section boundary (throwWhenEmpty).
  if (!mail.data) return <Spinner label="Loading..." visibleLabel className="py-10" />;
  if (mail.data.transport === "smtp")
    return (
      <EmptyState icon={Mail} title="Mail leaves through your SMTP server">
        Kairo keeps no copy of the messages it sends through an SMTP server. Look in your mail provider's
        logs.
      </EmptyState>
    );
  if (mail.data.messages.length === 0)
    return (
      <EmptyState icon={Mail} title="The outbox is empty">
        Verification, password reset and invitation emails appear here once they are sent.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Mail goes to the console and this outbox because no SMTP server is configured. Newest first; the
        newest 200 are kept in memory until the server restarts. Links are hidden: they would let whoever
        opens them act as the recipient.
      </p>
      <ul className="flex flex-col gap-3" aria-label="Sent mail">
        {mail.data.messages.map((m) => (
          <li key={`${m.sentAt}-${m.to}-${m.subject}`}>
            <Card className="p-4">
              <details>
                <summary className="cursor-pointer list-none">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium">{m.subject}</span>
                    <time className="text-xs text-muted tabular-nums" dateTime={m.sentAt}>
                      {formatDateTime(m.sentAt)}
                    </time>
                  </div>
                  <div className="text-sm text-muted">To {m.to}</div>
                </summary>
                <pre className="mt-3 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-surface p-3 text-xs">
                  {m.text}
                </pre>
              </details>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
