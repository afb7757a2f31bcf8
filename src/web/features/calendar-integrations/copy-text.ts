import { CALENDAR_TEXT } from "#shared/domain/calendar-sync.ts";
import { toast } from "#web/lib/notify.ts";

/** Copies an address and says so ("Copied to clipboard"); true when it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(CALENDAR_TEXT.copied);
    return true;
  } catch {
    toast.error("The address could not be copied. Select it and copy it by hand.");
    return false;
  }
}
