import { apiBlob } from '../../../lib/api-client';

/** Saves a file the API answered under its name (Chromium reads the blob after the click returns). */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `GET /api/online-files/{id}/` with the bearer: a request's document, downloaded under its own name. */
export async function openOnlineFile(file: { id: number; name: string }): Promise<void> {
  saveFile(await apiBlob(`/api/online-files/${file.id}/`), file.name);
}
