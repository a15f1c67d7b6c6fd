import { createApiError, createNetworkError } from "./api-error";

// Files from the server (letter PDFs, the metering company's files; decision 0603): fetched
// with the session cookie, so the page can show a busy state and a German error, then handed to
// the browser as a download under the server's file name.

/** The file name from `Content-Disposition` (RFC 6266: `filename*` wins over `filename`). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

async function errorBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** Downloads any file the API sends (a PDF, the metering company's file); the error answer is JSON. */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: { accept: string; jsonBody?: unknown },
): Promise<string> {
  const { accept, jsonBody } = options;
  let response: Response;
  const headers: Record<string, string> = { Accept: `${accept}, application/json` };
  if (jsonBody !== undefined) headers["Content-Type"] = "application/json";
  try {
    response = await fetch(path, {
      method: jsonBody === undefined ? "GET" : "POST",
      credentials: "same-origin",
      headers,
      body: jsonBody === undefined ? undefined : JSON.stringify(jsonBody),
    });
  } catch {
    throw createNetworkError();
  }
  if (!response.ok) throw createApiError(response.status, await errorBody(response));
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(
    response.headers.get("content-disposition"),
    fallbackName,
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a moment for slow ones.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
