import type { ReportExportFormat } from '@dnx/shared';
import { saveBlob } from '../../../components/resource-list';
import { apiResponse } from '../../../lib/api-client';
import type { ReportParams } from './get-report';

/** How far a download has come: the rows the file holds (`X-Report-Rows`) and the bytes received so far. */
export interface ExportProgress {
  rows: number | null;
  received: number;
}

/** The file's name from `Content-Disposition` (`filename*=UTF-8''…` first, then `filename="…"`). */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

/** At most this often the screen hears of the progress: a fast stream of small pieces must not re-render each. */
const progressEveryMs = 150;

/**
 * `GET /api/reports/export/?format=…&<the report's filters>`: the file read piece by piece as it streams (no
 * `Content-Length`), its progress reported, then saved under the name the server gave it. Resolves with that name.
 */
export async function downloadReport(
  params: ReportParams,
  format: ReportExportFormat,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const res = await apiResponse('/api/reports/export/', { query: { ...params, format }, signal });
  const rowsHeader = res.headers.get('x-report-rows');
  const rows = rowsHeader && /^\d+$/.test(rowsHeader) ? Number(rowsHeader) : null;
  const name = attachmentName(res.headers.get('content-disposition'), `hesabat.${format}`);
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ rows, received });
  if (res.body) {
    const reader = res.body.getReader();
    let told = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      const now = performance.now();
      if (now - told >= progressEveryMs) {
        told = now;
        onProgress({ rows, received });
      }
    }
  } else {
    const whole = new Uint8Array(await res.arrayBuffer());
    chunks.push(whole);
    received = whole.byteLength;
  }
  onProgress({ rows, received });
  saveBlob(new Blob(chunks, { type }), name);
  return name;
}
