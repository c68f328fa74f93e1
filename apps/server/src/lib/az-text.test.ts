import { azCompare, azSearchKey } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openTestDatabase, type TestDatabase } from '../test/test-app';

/** Both drivers answer `execute` with `{rows}`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));

/** Every character of the scripts names are written in here: Latin, Greek, Cyrillic, and their extensions. */
const characters = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0x24f),
  ...range(0x370, 0x3ff),
  ...range(0x400, 0x52f),
  ...range(0x1e00, 0x1eff),
  ...range(0x2000, 0x200a),
  '\t',
  '\n',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

const names = [
  'İsmayıllı',
  'ISMAYILLI',
  'Ismayilli',
  'ismayıllı',
  'İsmayıl',
  'Ismayıl',
  'ılıq',
  'Ilqar',
  'İlham',
  'ilham',
  'Əli',
  'əli',
  'Eldar',
  'Ömər',
  'Orxan',
  'Ülvi',
  'Umud',
  'Şəki',
  'Samir',
  'Çingiz',
  'Cavid',
  'Ğ',
  'Gəncə',
  'Ağdam',
  'Agil',
  'Xızı',
  'Hacıqabul',
  'Quba',
  'Kürdəmir',
  'Zaur',
  'Yevlax',
  'Vüsal',
  'Tovuz',
  'Bakı',
  'BAKI',
  'Bakı Sərnişin Nəqliyyatı MMC',
  'Baki',
  'Wolfgang',
  'Ölkə',
  'Москва',
  'Ёлка',
  'Ελλάδα',
  '1-ci',
  '10',
  '2',
  '',
  ' ',
  '  iki   söz  ',
  'c\u0327ay',
  'Mercedes-Benz',
  'Émile',
  'straße',
];

describe('Azerbaijani text in SQL agrees with packages/shared', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.handle);
  });
  afterAll(() => database.dispose());

  async function fold(values: string[]): Promise<string[]> {
    const rows = await database.handle.db.execute(
      sql`select v, az_fold(v) as f from json_array_elements_text(${JSON.stringify(values)}::json) with ordinality as t(v, n) order by n`,
    );
    return rowsOf<{ f: string }>(rows).map((r) => r.f);
  }

  it('az_fold gives azSearchKey for every Latin, Greek and Cyrillic character and for names', async () => {
    const values = [...characters, ...names];
    const folded = await fold(values);
    const differences = values
      .map((value, i) => ({ value, sql: folded[i], js: azSearchKey(value) }))
      .filter((d) => d.sql !== d.js);
    expect(differences).toEqual([]);
  });

  it('folds the Azerbaijani letters as a Latin keyboard types them', async () => {
    expect(await fold(['İsmayıllı', 'ISMAYILLI', 'ƏĞÖŞÜÇ əğöşüç', 'IıİiI'])).toEqual([
      'ismayilli',
      'ismayilli',
      'egosuc egosuc',
      'iiiii',
    ]);
  });

  it('az_sort_key orders as azCompare, by the Azerbaijani alphabet', async () => {
    const values = [...new Set([...names, ...characters.filter((c) => c.trim() !== '')])];
    const rows = await database.handle.db.execute(
      sql`select v, (dense_rank() over (order by az_sort_key(v) collate "C"))::int as r
          from json_array_elements_text(${JSON.stringify(values)}::json) as t(v)`,
    );
    const rank = new Map(rowsOf<{ v: string; r: number }>(rows).map((row) => [row.v, Number(row.r)]));
    const disagreements: string[] = [];
    for (const a of values) {
      for (const b of values) {
        const js = Math.sign(azCompare(a, b));
        const db = Math.sign(rank.get(a)! - rank.get(b)!);
        if (js !== db) disagreements.push(`${JSON.stringify(a)} vs ${JSON.stringify(b)}: js ${js}, sql ${db}`);
      }
    }
    expect(disagreements.slice(0, 10)).toEqual([]);

    const alphabet = 'A B C Ç D E Ə F G Ğ H X I İ J K Q L M N O Ö P R S Ş T U Ü V Y Z'.split(' ');
    const shuffled = [...alphabet].reverse();
    const ordered = await database.handle.db.execute(
      sql`select v from json_array_elements_text(${JSON.stringify(shuffled)}::json) as t(v) order by az_sort_key(v) collate "C"`,
    );
    expect(rowsOf<{ v: string }>(ordered).map((r) => r.v)).toEqual(alphabet);
  });

  it('is immutable, so indexes can use it', async () => {
    const rows = await database.handle.db.execute(
      sql`select proname, provolatile from pg_proc where proname in ('az_lower', 'az_fold', 'az_sort_key') order by proname`,
    );
    expect(rowsOf(rows)).toEqual([
      { proname: 'az_fold', provolatile: 'i' },
      { proname: 'az_lower', provolatile: 'i' },
      { proname: 'az_sort_key', provolatile: 'i' },
    ]);
    await database.handle.db.execute(sql`create table az_index_probe (name text)`);
    await database.handle.db.execute(sql`create index on az_index_probe (az_fold(name))`);
    await database.handle.db.execute(sql`create index on az_index_probe ((az_sort_key(name) collate "C"))`);
  });
});
