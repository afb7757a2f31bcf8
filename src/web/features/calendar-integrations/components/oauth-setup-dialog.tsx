// The calendar setup dialog, in three uses: while Kairo sends the browser to the provider (the
// addresses it returns to, for 3 seconds), when the provider refused the redirect address (the spec's
// "OAuth Configuration Required", with the addresses to register), and when this server has no OAuth
// client for the provider yet (the same steps plus the settings to set).
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { CALENDAR_PROVIDERS, CALENDAR_TEXT, type CalendarProviderId } from "#shared/domain/calendar-sync.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { copyText } from "../copy-text.ts";

export type SetupDialogUse = "redirecting" | "mismatch" | "not-configured";

const STEPS: Record<CalendarProviderId, { register: string[]; configure: string }> = {
  google: {
    register: [
      "Open the Google Cloud console, APIs & Services, Credentials.",
      'Create or open an OAuth client ID of type "Web application".',
      'Add each address above under "Authorized redirect URIs" and save.',
      "Under Library, enable the Google Calendar API for the project.",
    ],
    configure: "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server and restart Kairo.",
  },
  microsoft: {
    register: [
      "Open the Microsoft Entra admin center, App registrations.",
      'Create or open the registration and add a "Web" platform.',
      "Add each address above as a redirect URI and save.",
      "Under API permissions, add Microsoft Graph delegated Calendars.Read, User.Read and offline_access.",
    ],
    configure:
      "Create a client secret under Certificates & secrets, set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET on the server and restart Kairo.",
  },
};

const providerName = (id: CalendarProviderId) => CALENDAR_PROVIDERS.find((p) => p.id === id)?.name ?? id;

function CopyAddress({ uri }: { uri: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (await copyText(uri)) setCopied(true);
  }
  return (
    <li className="flex items-center gap-2 rounded-md border border-border bg-surface p-2">
      <code className="min-w-0 flex-1 break-all text-xs">{uri}</code>
      <Button variant="outline" size="sm" onClick={copy} aria-label={`Copy ${uri}`}>
        {copied ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        Copy
      </Button>
    </li>
  );
}

export function OAuthSetupDialog({
  open,
  onOpenChange,
  use,
  provider,
  redirectUris,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  use: SetupDialogUse;
  provider: CalendarProviderId;
  redirectUris: string[];
}) {
  const name = providerName(provider);
  const steps = STEPS[provider];
  if (use === "redirecting") {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title={`Connecting ${name}`}
          description={`Taking you to ${name} to allow Kairo to read your calendar. You come back here when you are done.`}
        >
          <Spinner label={`Opening ${name}...`} visibleLabel className="justify-start" />
          <p className="mt-4 text-sm text-muted">
            {name} returns you to this address, which its OAuth client must list:
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {redirectUris.slice(0, 1).map((uri) => (
              <CopyAddress key={uri} uri={uri} />
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={CALENDAR_TEXT.oauthConfigTitle}
        description={
          use === "mismatch"
            ? `${name} did not accept Kairo's redirect address. Register these addresses with its OAuth client, then connect again.`
            : `${name} is not set up on this server yet. An administrator can connect it in a few steps.`
        }
      >
        <h3 className="text-sm font-medium">Redirect addresses to register</h3>
        <ul className="mt-2 flex flex-col gap-2" aria-label="Redirect addresses">
          {redirectUris.map((uri) => (
            <CopyAddress key={uri} uri={uri} />
          ))}
        </ul>
        <h3 className="mt-4 text-sm font-medium">Setup steps</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {steps.register.map((s) => (
            <li key={s}>{s}</li>
          ))}
          {use === "not-configured" && <li>{steps.configure}</li>}
        </ol>
        <div className="mt-5 flex justify-end">
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
