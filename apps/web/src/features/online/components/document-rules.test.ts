import { onlineDocumentMaxBytes, onlineMessages } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { documentProblem, sizeText } from './document-rules';

describe('documentProblem', () => {
  it('asks for a required document and lets an optional one be left out', () => {
    expect(documentProblem(undefined, true)).toBe(onlineMessages.fileRequired);
    expect(documentProblem(undefined, false)).toBeNull();
  });

  it('warns above 5 MB and takes exactly 5 MB', () => {
    expect(documentProblem({ size: onlineDocumentMaxBytes + 1, type: 'application/pdf' }, true)).toBe(
      onlineMessages.fileTooLarge,
    );
    expect(documentProblem({ size: onlineDocumentMaxBytes, type: 'application/pdf' }, true)).toBeNull();
  });

  it('refuses a type the browser names outside PDF, JPEG and PNG, and leaves an unnamed type to the server', () => {
    expect(documentProblem({ size: 10, type: 'image/gif' }, false)).toBe(onlineMessages.fileTypeInvalid);
    expect(documentProblem({ size: 10, type: 'image/jpeg' }, false)).toBeNull();
    expect(documentProblem({ size: 10, type: '' }, false)).toBeNull();
  });

  it('writes a size in KB below a megabyte, else in MB with a comma', () => {
    expect(sizeText(1_258_291)).toBe('1,2 MB');
    expect(sizeText(onlineDocumentMaxBytes + 1)).toBe('5,0 MB');
    expect(sizeText(1_500)).toBe('2 KB');
    expect(sizeText(0)).toBe('1 KB');
  });
});
