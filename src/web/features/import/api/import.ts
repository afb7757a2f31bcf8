// Import (preview, then commit) and the CSV exports (decisions 275 to 279).
import {
  type ColumnMapping,
  type ImportCommitResponse,
  type ImportFormat,
  importCommitResponse,
  importPreviewResponse,
} from "#shared/contracts/import.ts";
import { CLIENT_TAB_HEADER } from "#shared/contracts/realtime.ts";
import {
  ApiError,
  apiErrorOf,
  apiFetch,
  apiRequest,
  CLIENT_TAB_ID,
  RESPONSE_SHAPE_MESSAGE,
} from "#web/lib/api-client.ts";
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

const PROGRESS_TYPE = "application/x-ndjson";

type ProgressLine =
  | { type: "progress"; done: number; total: number }
  | { type: "result"; status: number; body: unknown };

/**
 * Writes the file, telling how many tasks are written so far (decision 301): the server answers
 * one JSON line per chunk and a last line with its answer. A file that ends before the writing
 * starts (imported before, refused) is answered as a plain JSON answer.
 */
export async function commitImport(
  body: ImportFile,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportCommitResponse> {
  let response: Response;
  try {
    response = await apiRequest("/api/import/commit", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        accept: `${PROGRESS_TYPE}, application/json`,
        [CLIENT_TAB_HEADER]: CLIENT_TAB_ID,
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
  if (!response.ok) throw await apiErrorOf(response);
  const answer = (value: unknown) => {
    const parsed = importCommitResponse.safeParse(value);
    if (!parsed.success) throw new ApiError(response.status, "BAD_RESPONSE", RESPONSE_SHAPE_MESSAGE);
    return parsed.data;
  };
  if (!response.headers.get("content-type")?.startsWith(PROGRESS_TYPE) || !response.body)
    return answer(await response.json().catch(() => null));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch {
      throw new ApiError(0, "NETWORK", "Failed to fetch");
    }
    buffered += chunk.value ?? "";
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as ProgressLine;
      if (line.type === "progress") onProgress(line.done, line.total);
      else if (line.status >= 400)
        throw await apiErrorOf(new Response(JSON.stringify(line.body), { status: line.status }));
      else return answer(line.body);
    }
    if (chunk.done) throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
}

/** Downloads one of the CSV exports as the file the server names. */
export const downloadCsv = (path: string, fallbackName: string): Promise<string> =>
  downloadFile(path, "text/csv", fallbackName);
