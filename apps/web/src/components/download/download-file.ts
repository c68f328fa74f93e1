import { apiResponse, type RequestOptions } from '../../lib/api-client';

/** Hands a file made or fetched in the page to the browser's download, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns; give it a moment before letting go of it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** How far a download has come: the rows the file holds (the server's rows header) and the bytes received so far. */
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
/** The pieces received are folded into one Blob every this many bytes. */
const foldEveryBytes = 2 * 1024 * 1024;

export interface FileRequest {
  path: string;
  query: RequestOptions['query'];
  /** The header that says how many rows the file holds (`x-report-rows`, `x-export-rows`). */
  rowsHeader: string;
  /** The name to save under when the server gives none. */
  fallbackName: string;
}

/**
 * `GET path?query`: a file the server streams (no `Content-Length`), read piece by piece with its progress
 * reported, then saved under the name the server gave it. Resolves with that name.
 */
export async function downloadFile(
  request: FileRequest,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<string> {
  const res = await apiResponse(request.path, { query: request.query, signal });
  const rowsHeader = res.headers.get(request.rowsHeader);
  const rows = rowsHeader && /^\d+$/.test(rowsHeader) ? Number(rowsHeader) : null;
  const name = attachmentName(res.headers.get('content-disposition'), request.fallbackName);
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  // What came so far, folded into a Blob every few megabytes: the browser keeps it, and the file is put together at
  // the end without copying every piece on the main thread at once.
  let parts: BlobPart[] = [];
  let pending = 0;
  let received = 0;
  onProgress({ rows, received });
  if (res.body) {
    const reader = res.body.getReader();
    let told = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      pending += value.byteLength;
      received += value.byteLength;
      if (pending >= foldEveryBytes) {
        parts = [new Blob(parts)];
        pending = 0;
      }
      const now = performance.now();
      if (now - told >= progressEveryMs) {
        told = now;
        onProgress({ rows, received });
        // Pieces that arrived together are read in one go: let the screen draw between them.
        await new Promise((resolve) => setTimeout(resolve));
      }
    }
  } else {
    const whole = await res.blob();
    parts.push(whole);
    received = whole.size;
  }
  onProgress({ rows, received });
  saveBlob(new Blob(parts, { type }), name);
  return name;
}
