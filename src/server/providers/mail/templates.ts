// The emails Kairo sends, as plain text and simple HTML. Links are absolute and escaped.
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(title: string, intro: string, action: { label: string; url: string }, outro: string) {
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;color:#0f172a;max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(outro)}</p>
<p style="font-size:12px;color:#64748b">Or paste this address into your browser: ${escapeHtml(action.url)}</p>
</body></html>`;
  const text = `${title}\n\n${intro}\n\n${action.label}: ${action.url}\n\n${outro}\n`;
  return { html, text };
}

export function verificationEmail(to: string, name: string, url: string): MailMessage {
  const { html, text } = layout(
    "Verify your email for Kairo",
    `Hi ${name || "there"}, confirm this address to finish creating your Kairo account.`,
    { label: "Verify email", url },
    "If you did not sign up for Kairo, you can ignore this email.",
  );
  return { to, subject: "Verify your email for Kairo", html, text };
}

export function resetPasswordEmail(to: string, name: string, url: string): MailMessage {
  const { html, text } = layout(
    "Reset your Kairo password",
    `Hi ${name || "there"}, someone asked to reset the password of your Kairo account. The link works for one hour.`,
    { label: "Choose a new password", url },
    "If you did not ask for this, ignore this email: your password stays as it is.",
  );
  return { to, subject: "Reset your Kairo password", html, text };
}

export function teamInvitationEmail(
  to: string,
  invite: { inviterName: string; teamName: string; url: string; days: number },
): MailMessage {
  const { html, text } = layout(
    `Join ${invite.teamName} on Kairo`,
    `${invite.inviterName || "A Kairo user"} invited you to join ${invite.teamName} on Kairo. Sign in (or create your account with this email address), then accept the invitation. The link works for ${invite.days} days.`,
    { label: "Accept invitation", url: invite.url },
    "If you were not expecting this invitation, you can ignore this email.",
  );
  return { to, subject: `You're invited to join ${invite.teamName} on Kairo`, html, text };
}

export function calendarReconnectEmail(
  to: string,
  name: string,
  calendarName: string,
  url: string,
): MailMessage {
  const { html, text } = layout(
    "Reconnect your calendar",
    `Hi ${name || "there"}, ${calendarName} no longer lets Kairo read its events (the access was revoked or has expired), so Kairo has stopped syncing it.`,
    { label: "Reconnect in Settings", url },
    "Your other Kairo data is unaffected. Until you reconnect, events from this calendar are not updated.",
  );
  return { to, subject: "Reconnect your calendar to keep it in sync", html, text };
}

/** A comment mentioned the person on a task they can see (decision 168). */
export function mentionEmail(
  to: string,
  m: { authorName: string; taskTitle: string; excerpt: string; url: string },
): MailMessage {
  const { html, text } = layout(
    `${m.authorName} mentioned you on “${m.taskTitle}”`,
    `“${m.excerpt}”`,
    { label: "Open the task", url: m.url },
    "You get this email because email notifications are on in your Kairo settings; turn them off there.",
  );
  return { to, subject: `${m.authorName} mentioned you on “${m.taskTitle}”`, html, text };
}

export function webhookDisabledEmail(
  to: string,
  name: string,
  endpointUrl: string,
  url: string,
): MailMessage {
  const { html, text } = layout(
    "A webhook was turned off",
    `Hi ${name || "there"}, every delivery to your webhook endpoint ${endpointUrl} failed for 24 hours, so Kairo has stopped sending to it.`,
    { label: "Open Settings → Webhooks", url },
    "Fix the endpoint, then choose Re-enable: Kairo sends new events again, and you can redeliver the ones it missed.",
  );
  return { to, subject: "Your Kairo webhook was disabled", html, text };
}
