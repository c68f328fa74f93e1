import { describe, expect, it } from 'vitest';
import { bankEntryResolveSchema, bankStatementMessages as m } from './index';
import { bankTextMaxLength, statementText } from './text';

/** A statement's texts and a resolution's reason as kept (issue 56): what a reader sees is what was written. */
describe("a statement's texts", () => {
  it('drops bidi controls and invisible characters, so a receipt that looks the same is the same', () => {
    const hidden = [
      ...['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u202E', '\u2066', '\u200E'],
      // Fillers, a tag, a variation selector, the combining grapheme joiner (found by the re-attack).
      ...['\u3164', '\u{E0020}', '\uFE0F', '\u034F', '\u115F', '\u180B'],
    ];
    for (const character of hidden) expect(statementText(`DEMO${character}-0001`), escape(character)).toBe('DEMO-0001');
    expect(statementText('Əli\u0000\u0085Vəli')).toBe('Əli  Vəli');
    expect(statementText('Əli\u2028Vəli\u2029')).toBe('Əli Vəli');
    expect(statementText('ş'.repeat(500))).toBe('ş'.repeat(bankTextMaxLength));
  });

  it("cleans a resolution's reason the same way, and one of invisible characters only is none", () => {
    const resolve = (reason: string) => bankEntryResolveSchema.safeParse({ action: 'not_ours', reason });
    expect(resolve('Başqa\u200B idarənin\u202E').data?.reason).toBe('Başqa idarənin');
    expect(resolve('\u200B\u200D\uFEFF').error?.issues[0]?.message).toBe(m.reasonRequired);
  });
});
