import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors';
import { onDisk, uploadedFile } from './upload';

/** The upload plumbing the imports and the bank statements share (issue 48): the body's file, and its file on disk. */
describe('an upload', () => {
  const messages = { required: 'Faylı seçin.', tooLarge: 'Fayl böyükdür.' };
  const refusal = (body: unknown) => {
    try {
      uploadedFile(body, messages);
    } catch (err) {
      return err instanceof HttpError ? err.body : err;
    }
    return null;
  };

  it('is the body file, or a 400 on file when none came or it was over the limit', () => {
    const data = Buffer.from('a;b\n');
    expect(uploadedFile({ file: { name: 'x.csv', data } }, messages)).toEqual({ name: 'x.csv', data });
    expect(refusal({})).toEqual({ file: [messages.required] });
    expect(refusal(undefined)).toEqual({ file: [messages.required] });
    expect(refusal({ file: 'text, not a file' })).toEqual({ file: [messages.required] });
    expect(refusal({ file: { name: 'big.csv', data: null } })).toEqual({ file: [messages.tooLarge] });
  });

  it('is on disk while it is read, and gone after, whether the reading succeeds or fails', async () => {
    let seen = '';
    const content = await onDisk(Buffer.from('məzmun'), async (path) => {
      seen = path;
      return readFile(path, 'utf8');
    });
    expect(content).toBe('məzmun');
    expect(existsSync(dirname(seen))).toBe(false);
    await expect(
      onDisk(Buffer.from('x'), async (path) => {
        seen = path;
        throw new Error('the reader failed');
      }),
    ).rejects.toThrow('the reader failed');
    expect(existsSync(dirname(seen))).toBe(false);
  });
});
