import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { errorMessages } from '@dnx/shared';
import { fieldErrors } from '../http-errors';

/**
 * A file uploaded to be read (the imports' tables, issue 28; the bank statements, issue 48): one file part read into
 * memory up to its limit and no further, then read from a file of its own on disk by a capped worker thread.
 */

/** What a file part leaves in the body: its name and bytes, or null bytes when it was over the limit. */
interface Upload {
  name: string;
  data: Buffer | null;
}

export interface UploadOptions {
  /** The file's limit: past it the upload is read no further and answered `tooLarge`. */
  maxBytes: number;
  /** The form's fields besides the file, at most. */
  fields: number;
  /** The name the file is kept under, from the name the browser sent (cleaned by the caller's rule). */
  fileName: (sent: string) => string;
}

/**
 * Takes multipart bodies for the routes of this plugin's scope: one file within `maxBytes`, the fields as values. A
 * second file part is taken in (within the same limit) only to be refused by `uploadedFile` as "one file only"
 * (issue 56); a third is the form's limit (400, plugins/errors.ts).
 */
export async function acceptUploads(app: FastifyInstance, options: UploadOptions): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: async (part: MultipartFile) => {
      let data: Buffer | null = null;
      try {
        data = await part.toBuffer();
        if (part.file.truncated) data = null;
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
      }
      const upload: Upload = { name: options.fileName(part.filename), data };
      (part as unknown as { value: Upload }).value = upload;
    },
    limits: {
      fileSize: options.maxBytes,
      files: 2,
      fields: options.fields,
      fieldSize: 1024,
      parts: options.fields + 2,
      headerPairs: 100,
    },
    throwFileSizeLimit: false,
  });
}

/**
 * The body's `file`: its name and bytes, or a 400 on `file` when none was sent, two were, or it was over the limit.
 */
export function uploadedFile(
  body: unknown,
  messages: { required: string; tooLarge: string },
): { name: string; data: Buffer } {
  const sent = (body as { file?: unknown } | undefined)?.file;
  if (Array.isArray(sent)) throw fieldErrors({ file: [errorMessages.oneFile] });
  const upload = sent as Upload | undefined;
  if (!upload || typeof upload !== 'object' || !('data' in upload)) throw fieldErrors({ file: [messages.required] });
  if (!upload.data) throw fieldErrors({ file: [messages.tooLarge] });
  return { name: upload.name, data: upload.data };
}

/** `data` as a file of its own for a reader (a worker thread reads a path), removed after `use`. */
export async function onDisk<T>(data: Buffer, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'dnx-upload-'));
  try {
    const path = join(dir, 'file');
    await writeFile(path, data);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
