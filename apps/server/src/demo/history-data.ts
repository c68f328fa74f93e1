import type { RoleCode } from '@dnx/shared';

/** A region of the demo's year: its art. 220.6 coefficient, its forms' series, plate code, fleet and staff. */
export interface HistoryRegion {
  name: string;
  coefficient: string;
  series: string;
  plateCode: string;
  /** Transport type names (demo data) its batches are of. */
  transportTypes: string[];
  staff: { email: string; role: RoleCode; firstName: string; lastName: string }[];
}

const staffOf = (slug: string, people: [string, string][]) =>
  (['operator', 'inspector', 'cashier'] as const).map((role, i) => ({
    email: `${role}.${slug}@demo.az`,
    role,
    firstName: people[i]![0],
    lastName: people[i]![1],
  }));

/** Five regions besides Gəncə (the demo users' region, whose few weeks the end-to-end tests act on). */
export const historyRegions: HistoryRegion[] = [
  {
    name: 'Bakı',
    coefficient: '2',
    series: 'BK',
    plateCode: '10',
    transportTypes: ['Avtobus', 'Avtobus', 'Mikroavtobus', 'Minik taksi'],
    staff: staffOf('baki', [
      ['Kamran', 'Hüseynov'],
      ['Səbinə', 'Kərimova'],
      ['Fuad', 'Abbasov'],
    ]),
  },
  {
    name: 'Sumqayıt',
    coefficient: '1.5',
    series: 'SQ',
    plateCode: '50',
    transportTypes: ['Avtobus', 'Mikroavtobus', 'Minik taksi'],
    staff: staffOf('sumqayit', [
      ['Ramil', 'Nəsirov'],
      ['Aysel', 'Məmmədli'],
      ['Vüsal', 'Qasımov'],
    ]),
  },
  {
    name: 'Abşeron',
    coefficient: '1.5',
    series: 'AS',
    plateCode: '01',
    transportTypes: ['Mikroavtobus', 'Minik taksi', 'Yük avtomobili'],
    staff: staffOf('abseron', [
      ['Elvin', 'Rzayev'],
      ['Nərmin', 'Səfərova'],
      ['Cavid', 'Orucov'],
    ]),
  },
  {
    name: 'Lənkəran',
    coefficient: '1',
    series: 'LK',
    plateCode: '42',
    transportTypes: ['Avtobus', 'Mikroavtobus'],
    staff: staffOf('lenkeran', [
      ['Şahin', 'Bağırov'],
      ['Lalə', 'Tağıyeva'],
      ['Emin', 'Cəfərov'],
    ]),
  },
  {
    name: 'Şəki',
    coefficient: '1',
    series: 'SK',
    plateCode: '55',
    transportTypes: ['Avtobus', 'Minik taksi'],
    staff: staffOf('seki', [
      ['Murad', 'Əsədov'],
      ['Günay', 'Vəliyeva'],
      ['Anar', 'Mustafayev'],
    ]),
  },
];

/**
 * Not an argon2 hash, so no password matches it (lib/passwords.ts answers false): the history's staff sign in with
 * no demo password; an administrator may give them one.
 */
export const historyStaffPassword = '!demo-history-no-password';

/** The owners who pay for marks in the year: VÖEN (last digit 1 legal entity, 2 individual) and name. */
export const ownerNames: { code: string; name: string }[] = [
  ['1500112231', 'Abşeron Ekspress MMC'],
  ['1500223341', 'Xəzər Trans MMC'],
  ['1500334451', 'Sumqayıt Sərnişin ASC'],
  ['1500445561', 'Lənkəran Yol MMC'],
  ['1500556671', 'Şəki Turizm Nəqliyyat MMC'],
  ['1500667781', 'Bakı Taksi Parkı MMC'],
  ['1500778891', 'Qafqaz Logistika MMC'],
  ['1500889901', 'Şirvan Avto MMC'],
  ['1600112232', 'Həsənov Rauf Əli oğlu'],
  ['1600223342', 'Quliyeva Samirə Fikrət qızı'],
  ['1600334452', 'Məmmədov Tofiq Həsən oğlu'],
  ['1600445562', 'Əhmədov Elşən Rafiq oğlu'],
  ['1600556672', 'Novruzov Ceyhun Əli oğlu'],
  ['1600667782', 'Süleymanova Röya Akif qızı'],
  ['1600778892', 'İbrahimov Kənan Zaur oğlu'],
  ['1600889902', 'Paşayev Orxan Elman oğlu'],
].map(([code, name]) => ({ code: code!, name: name! }));
