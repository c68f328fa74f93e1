import {
  onlineDocumentKinds,
  onlineDocumentMaxBytes,
  onlineDocumentTypes,
  onlineMessages as m,
  type OnlineDocumentKind,
  type OnlineDocumentType,
} from '@dnx/shared';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { fieldErrors } from '../../lib/http-errors';

/** A document as stored: its kind, a clean name to offer on download, the type its content shows, the bytes. */
export interface CheckedDocument {
  kind: OnlineDocumentKind;
  name: string;
  contentType: OnlineDocumentType;
  data: Buffer;
}

/**
 * What a file part leaves in the body: a token the body's checks can walk (a name, no bytes), the bytes kept
 * aside. A file over the limit leaves `tooLarge`: busboy stopped reading it at 5 MB, in memory, so a big upload
 * never reaches the disk.
 */
interface FilePart {
  field: string;
  name: string;
}
const received = new WeakMap<FilePart, { data: Buffer | null; tooLarge: boolean }>();

/** The name shown and offered on download: the last path segment, printable characters only, at most 120. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  return clean || fallback;
}

/** `onFile` of the multipart parser: reads the part into memory up to the limit, never further. */
export async function receiveFilePart(part: MultipartFile): Promise<void> {
  const token: FilePart = { field: part.fieldname, name: cleanFileName(part.filename, part.fieldname) };
  let data: Buffer | null = null;
  let tooLarge = false;
  try {
    data = await part.toBuffer();
    tooLarge = part.file.truncated;
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    tooLarge = true;
  }
  received.set(token, { data: tooLarge ? null : data, tooLarge });
  (part as unknown as { value: unknown }).value = token;
}

/** The parser's limits: two files of 5 MB at most, a few small fields. */
export const multipartLimits = {
  fileSize: onlineDocumentMaxBytes,
  files: onlineDocumentKinds.length,
  fields: 20,
  fieldSize: 200 * 1024,
  parts: 24,
  headerPairs: 200,
};

/**
 * The documents of a parsed body, checked: each by its content (PDF, JPEG or PNG, whatever its name or declared
 * type), within the size, the required one present, no other file field. Anything else is a 400 under the field.
 */
export async function checkedDocuments(body: Record<string, unknown>): Promise<CheckedDocument[]> {
  const errors: Record<string, string[]> = {};
  const documents: CheckedDocument[] = [];
  for (const [field, value] of Object.entries(body)) {
    const isFile = value !== null && typeof value === 'object' && received.has(value as FilePart);
    if (isFile && !onlineDocumentKinds.some((d) => d.key === field)) errors[field] = [m.fileUnexpected];
  }
  for (const kind of onlineDocumentKinds) {
    const value = body[kind.key];
    const part = value !== null && typeof value === 'object' ? received.get(value as FilePart) : undefined;
    if (value === undefined || value === null || value === '') {
      if (kind.required) errors[kind.key] = [m.fileRequired];
      continue;
    }
    if (!part) {
      errors[kind.key] = [m.fileTypeInvalid];
      continue;
    }
    if (part.tooLarge) {
      errors[kind.key] = [m.fileTooLarge];
      continue;
    }
    const data = part.data!;
    const type = data.length === 0 ? undefined : await fileTypeFromBuffer(data);
    const contentType = onlineDocumentTypes.find((t) => t === type?.mime);
    if (!contentType) {
      errors[kind.key] = [m.fileTypeInvalid];
      continue;
    }
    documents.push({ kind: kind.key, name: (value as FilePart).name, contentType, data });
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return documents;
}
