// Import (preview, then commit) and the CSV exports (decisions 275 to 279).
import {
  type ColumnMapping,
  type ImportFormat,
  importCommitResponse,
  importPreviewResponse,
} from "#shared/contracts/import.ts";
import { ApiError, apiFetch } from "#web/lib/api-client.ts";
import { downloadFile } from "#web/lib/download-file.ts";

export type ImportFile = {
  format: ImportFormat;
  fileName: string;
  data: string;
  timeZone: string;
  mapping?: ColumnMapping;
};

/** The file's bytes as base64, reporting how much was read (0 to 1). */
export function readAsBase64(file: File, onProgress: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    reader.onerror = () => reject(new ApiError(0, "FILE", "The file could not be read."));
    reader.onload = () => {
      onProgress(1);
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(",") + 1));
    };
    reader.readAsDataURL(file);
  });
}

export const previewImport = (body: ImportFile) =>
  apiFetch("/api/import/preview", { method: "POST", json: body, schema: importPreviewResponse });

export const commitImport = (body: ImportFile) =>
  apiFetch("/api/import/commit", { method: "POST", json: body, schema: importCommitResponse });

/** Downloads one of the CSV exports as the file the server names. */
export const downloadCsv = (path: string, fallbackName: string): Promise<string> =>
  downloadFile(path, "text/csv", fallbackName);
