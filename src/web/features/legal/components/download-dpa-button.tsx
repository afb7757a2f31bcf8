import { Download, LoaderCircle } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { notifyError, notifySuccess } from "#web/lib/notify.ts";
import { DPA_PDF_FILENAME, downloadDpaPdf } from "../dpa-pdf.ts";

export function DownloadDpaButton() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadDpaPdf();
      notifySuccess("PDF ready", `Saved as ${DPA_PDF_FILENAME}.`);
    } catch (error) {
      notifyError(error, { fallback: "Could not create the PDF. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" size="lg" onClick={download} disabled={busy} aria-busy={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {busy ? "Preparing PDF..." : "Download signed PDF"}
    </Button>
  );
}
