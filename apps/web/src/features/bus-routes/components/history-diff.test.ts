import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { az } from '../../../i18n/az';
import { en } from '../../../i18n/en';
import { azOrdinal, enOrdinal, historyLines, historyLineText, stopChanges, type Translate } from './history-diff';

const stop = (name: string, lat: string | null = null, lng: string | null = null) => ({ name, lat, lng });
let t: Translate;
let tEn: Translate;

beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'az',
    resources: { az: { translation: az }, en: { translation: en } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  t = i18n.getFixedT('az') as Translate;
  tEn = i18n.getFixedT('en') as Translate;
});

const texts = (changes: { field: string; before: unknown; after: unknown }[], language = 'az') =>
  historyLines({ changes }).map((line) => historyLineText(line, language === 'az' ? t : tEn, language));

describe('azOrdinal', () => {
  it('takes the suffix of the last word', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(azOrdinal)).toEqual([
      '1-ci',
      '2-ci',
      '3-cü',
      '4-cü',
      '5-ci',
      '6-cı',
      '7-ci',
      '8-ci',
      '9-cu',
      '10-cu',
    ]);
    expect([20, 30, 40, 50, 60, 70, 80, 90, 100, 1000, 23, 116].map(azOrdinal)).toEqual([
      '20-ci',
      '30-cu',
      '40-cı',
      '50-ci',
      '60-cı',
      '70-ci',
      '80-ci',
      '90-cı',
      '100-cü',
      '1000-ci',
      '23-cü',
      '116-cı',
    ]);
  });
  it('has an English twin', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(enOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});

describe('bus route history lines', () => {
  it('shows a fare change as money', () => {
    expect(texts([{ field: 'fare', before: '0.40', after: '0.50' }])).toEqual(['Gediş haqqı: 0,40 ₼ → 0,50 ₼']);
  });

  it('says which stop moved, from where to where', () => {
    const before = [stop('Sahil'), stop('Gənclik'), stop('Nərimanov')];
    const after = [stop('Sahil'), stop('Nərimanov'), stop('Gənclik')];
    const [line, ...rest] = texts([{ field: 'route_points', before, after }]);
    expect(rest).toEqual([]);
    expect(['«Gənclik» 2-ci yerdən 3-cü yerə keçdi', '«Nərimanov» 3-cü yerdən 2-ci yerə keçdi']).toContain(line);
  });

  it('does not call the stops a new first stop pushes down moved', () => {
    const lines = stopChanges([stop('A'), stop('B')], [stop('Yeni'), stop('A'), stop('B')]);
    expect(lines).toEqual([{ kind: 'stop-added', name: 'Yeni', position: 1 }]);
  });

  it('names stops added and removed with their places', () => {
    expect(texts([{ field: 'route_points', before: [stop('A'), stop('B')], after: [stop('A'), stop('C')] }])).toEqual([
      'Dayanacaq silindi: «B» (2-ci yer idi)',
      'Dayanacaq əlavə olundu: «C» (2-ci yer)',
    ]);
  });

  it('tells two stops of one name apart and sees new coordinates', () => {
    const lines = stopChanges(
      [stop('Bazar', '40', '49'), stop('Məktəb'), stop('Bazar')],
      [stop('Bazar', '40.0', '49.0'), stop('Məktəb'), stop('Bazar', '40.1', '49.8')],
    );
    expect(lines).toEqual([
      { kind: 'stop-coordinates', name: 'Bazar', before: stop('Bazar'), after: stop('Bazar', '40.1', '49.8') },
    ]);
    expect(historyLineText(lines[0]!, t)).toBe('«Bazar» koordinatları: — → 40.1, 49.8');
  });

  it('lists companies added and removed by name', () => {
    const before = [
      { id: 1, name: 'Bakubus' },
      { id: 2, name: 'Gəncə Trans' },
    ];
    const after = [
      { id: 2, name: 'Gəncə Trans' },
      { id: 3, name: 'Şəhər Xətti' },
    ];
    expect(texts([{ field: 'route_companies', before, after }])).toEqual([
      'Şirkət çıxarıldı: Bakubus',
      'Şirkət əlavə olundu: Şəhər Xətti',
    ]);
  });

  it('shows other fields before and after, empties as a dash, a status by its name', () => {
    expect(
      texts([
        { field: 'name', before: 'Köhnə', after: 'Yeni' },
        { field: 'start_time', before: null, after: '06:30' },
        { field: 'route_length_straight', before: '12.5', after: '1234' },
        { field: 'interval', before: 10, after: 15 },
        { field: 'status', before: 1, after: 0 },
      ]),
    ).toEqual([
      'Marşrutun adı: Köhnə → Yeni',
      'Başlama vaxtı: — → 06:30',
      'Marşrutun uzunluğu (düz, km): 12,5 km → 1.234 km',
      'İnterval (dəq): 10 dəq → 15 dəq',
      'Status: Aktiv → Passiv',
    ]);
  });

  it("shows a reference by its name: the `_name` change stands for the id's", () => {
    expect(
      texts([
        { field: 'city', before: 3, after: 4 },
        { field: 'city_name', before: 'Gəncə', after: 'Şəmkir' },
        { field: 'region', before: { id: 1, name: 'Bakı' }, after: { id: 2, name: 'Gəncə' } },
      ]),
    ).toEqual(['Şəhər: Gəncə → Şəmkir', 'Region: Bakı → Gəncə']);
  });

  it('reads in English too', () => {
    const before = [stop('A'), stop('B'), stop('C')];
    const after = [stop('A'), stop('C'), stop('B')];
    const [line] = texts([{ field: 'route_points', before, after }], 'en');
    expect(['«B» moved from 2nd to 3rd place', '«C» moved from 3rd to 2nd place']).toContain(line);
  });
});
