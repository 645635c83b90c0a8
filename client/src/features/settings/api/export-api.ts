import { getBlob } from '@/lib/api-client';
import { filenameFrom } from '@/lib/save-file';

// GET /me/export (DPDP Act 2023, the right to a copy): JSON, or a zip of CSV files, fetched as bytes with the session
// token (a plain link cannot carry it), then saved as a file by the page.

export type ExportFormat = 'json' | 'csv';

export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** "wakestake-export-2026-11-26.json" from Content-Disposition, else a name of the right kind. */
export function filenameOf(disposition: string | null, format: ExportFormat, today = new Date()): string {
  return filenameFrom(disposition, `wakestake-export-${today.toISOString().slice(0, 10)}.${format === 'csv' ? 'zip' : 'json'}`);
}

export async function downloadMyData(format: ExportFormat): Promise<ExportFile> {
  const { blob, headers } = await getBlob('/me/export', {
    query: format === 'csv' ? { format } : undefined,
    headers: { Accept: format === 'csv' ? 'application/zip' : 'application/json' },
  });
  return { blob, filename: filenameOf(headers.get('content-disposition'), format) };
}

export { saveFile } from '@/lib/save-file';
