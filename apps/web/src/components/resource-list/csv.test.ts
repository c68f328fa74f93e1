import { describe, expect, it } from 'vitest';
import { buildCsv, csvCell, exportFileName, utf8Bom } from './csv';

describe('buildCsv', () => {
  it('starts with a UTF-8 byte order mark and ends rows with CRLF', () => {
    const csv = buildCsv(['Ad', 'Region'], [['Əli', 'Şəki']]);
    expect(csv.startsWith(utf8Bom)).toBe(true);
    expect(csv).toBe(`${utf8Bom}Ad,Region\r\nƏli,Şəki\r\n`);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('Bakı, Nəsimi')).toBe('"Bakı, Nəsimi"');
    expect(csvCell('"Ulduz" MMC')).toBe('"""Ulduz"" MMC"');
    expect(csvCell('iki\nsətir')).toBe('"iki\nsətir"');
  });

  it('writes empty cells, numbers and yes/no', () => {
    expect(buildCsv(['a', 'b', 'c', 'd'], [[null, undefined, 12.5, true]])).toBe(`${utf8Bom}a,b,c,d\r\n,,12.5,1\r\n`);
    expect(csvCell(false)).toBe('0');
  });

  it('keeps phone numbers and negative numbers but defuses formulas', () => {
    expect(csvCell('+994501234567')).toBe('+994501234567');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+cmd')).toBe("'+cmd");
  });
});

describe('exportFileName', () => {
  it('names the file after the list and the day', () => {
    expect(exportFileName('İstifadəçilər', 'csv', new Date('2024-03-05T10:00:00Z'))).toBe(
      'İstifadəçilər-2024-03-05.csv',
    );
    expect(exportFileName('a/b:c', 'xlsx', new Date('2024-03-05T10:00:00Z'))).toBe('a-b-c-2024-03-05.xlsx');
  });
});
