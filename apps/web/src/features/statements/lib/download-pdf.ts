import { downloadFile } from "../../../lib/download-file";

// The statement PDFs come from the server with the session cookie (decision 0603): a download
// of lib/download-file.ts that accepts a PDF.

/**
 * Downloads a PDF from the API; rejects with an ApiError (e.g. BILLING_DATA_MISSING). With
 * `jsonBody` it is a POST of that body (the wizard's preview PDFs of an unsaved calculation).
 */
export async function downloadPdf(
  path: string,
  fallbackName: string,
  jsonBody?: unknown,
): Promise<string> {
  return downloadFile(path, fallbackName, { accept: "application/pdf", jsonBody });
}
