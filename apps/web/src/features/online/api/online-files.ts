import { saveBlob } from '../../../components/download';
import { apiBlob } from '../../../lib/api-client';

/** `GET /api/online-files/{id}/` with the bearer: a request's document, downloaded under its own name. */
export async function openOnlineFile(file: { id: number; name: string }): Promise<void> {
  saveBlob(await apiBlob(`/api/online-files/${file.id}/`), file.name);
}
