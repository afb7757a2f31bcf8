import { notifyError } from "#web/lib/notify.ts";

/** An "Error" toast whose text we already wrote for people (the spec's settings notices). */
export function notifyFailure(text: string, title = "Error") {
  notifyError(new Error(text), { title, fallback: text });
}
