import { describe, expect, it } from 'vitest';
import { attachmentName } from './download-file';

describe('attachmentName', () => {
  it('reads the quoted name', () => {
    expect(attachmentName('attachment; filename="hesabat-2026-11-24.xlsx"', 'x')).toBe('hesabat-2026-11-24.xlsx');
  });

  it('prefers the UTF-8 name to the ASCII one', () => {
    expect(
      attachmentName(`attachment; filename="hesabat.pdf"; filename*=UTF-8''Hesabat%20G%C9%99nc%C9%99.pdf`, 'x'),
    ).toBe('Hesabat Gəncə.pdf');
  });

  it('reads a bare name, and falls back when there is none', () => {
    expect(attachmentName('attachment; filename=hesabat.pdf', 'x')).toBe('hesabat.pdf');
    expect(attachmentName('attachment', 'hesabat.xlsx')).toBe('hesabat.xlsx');
    expect(attachmentName(null, 'hesabat.xlsx')).toBe('hesabat.xlsx');
  });
});
