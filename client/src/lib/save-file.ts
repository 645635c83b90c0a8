/** A file fetched as bytes (an export, a statement) and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The name in a Content-Disposition header (`attachment; filename="x.csv"`), else the fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] || fallback;
}

/** Hands the bytes to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoked a moment later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
