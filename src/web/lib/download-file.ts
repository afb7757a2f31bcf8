// A file the server names (Content-Disposition), fetched with the session and handed to the browser
// as a download: the account export, the tasks and timesheet CSVs.
import { ApiError, apiErrorOf, apiRequest } from "./api-client.ts";

/** Downloads GET `path`; answers the file's name. A refusal throws the server's ApiError. */
export async function downloadFile(path: string, accept: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await apiRequest(path, { credentials: "same-origin", headers: { accept } });
  } catch {
    throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
  if (!res.ok) throw await apiErrorOf(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}

/** Hands `blob` to the browser as a download named `name`, through a short-lived object URL. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the browser a moment to start the download before the address goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
