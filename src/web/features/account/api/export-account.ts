import { useMutation } from "@tanstack/react-query";
import { ApiError, apiErrorOf, apiRequest } from "#web/lib/api-client.ts";

/** Downloads GET /api/account/export as the file the server names (kairo-export-YYYY-MM-DD.json). */
export async function exportAccount(): Promise<string> {
  let res: Response;
  try {
    res = await apiRequest("/api/account/export", {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Failed to fetch");
  }
  if (!res.ok) throw await apiErrorOf(res);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "kairo-export.json";
  const url = URL.createObjectURL(await res.blob());
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
  return name;
}

export const useExportAccount = () => useMutation({ mutationFn: exportAccount });
