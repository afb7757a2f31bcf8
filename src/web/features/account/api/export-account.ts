import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "#web/lib/download-file.ts";

/** Downloads GET /api/account/export as the file the server names (kairo-export-YYYY-MM-DD.json). */
export const exportAccount = (): Promise<string> =>
  downloadFile("/api/account/export", "application/json", "kairo-export.json");

export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
