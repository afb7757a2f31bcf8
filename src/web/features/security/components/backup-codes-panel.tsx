import { Download } from "lucide-react";
import { backupCodesFile } from "#shared/domain/backup-codes.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { downloadText } from "../lib/download-text.ts";

export const BACKUP_CODES_FILE_NAME = "kairo-backup-codes.txt";

/** The backup codes, shown once right after two-factor is turned on. */
export function BackupCodesPanel({
  codes,
  account,
  onDone,
}: {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}) {
  return (
    <section aria-labelledby="backup-codes-heading" className="mt-6 flex flex-col gap-4">
      <h3 id="backup-codes-heading" className="text-base font-semibold">
        Your backup codes
      </h3>
      <Alert tone="info">
        Save these codes somewhere safe now: they are shown only once. Each one signs you in a single time
        when you cannot use your authenticator app.
      </Alert>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-surface p-4 font-mono text-sm tabular-nums sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => downloadText(BACKUP_CODES_FILE_NAME, backupCodesFile(codes, account, new Date()))}
        >
          <Download aria-hidden="true" /> Download codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </section>
  );
}
