import type { RoleCode } from '@dnx/shared';

/** Cities and districts of Azerbaijan with the coefficients of Tax Code art. 220.6. */
export const demoRegions: { name: string; coefficient: string }[] = [
  ['Bakı', '2'],
  ['Abşeron', '1.5'],
  ['Sumqayıt', '1.5'],
  ['Gəncə', '1.5'],
  ...[
    'Ağcabədi',
    'Ağdam',
    'Ağdaş',
    'Ağstafa',
    'Ağsu',
    'Astara',
    'Babək',
    'Balakən',
    'Beyləqan',
    'Bərdə',
    'Biləsuvar',
    'Cəbrayıl',
    'Cəlilabad',
    'Culfa',
    'Daşkəsən',
    'Füzuli',
    'Gədəbəy',
    'Goranboy',
    'Göyçay',
    'Göygöl',
    'Hacıqabul',
    'İmişli',
    'İsmayıllı',
    'Kəlbəcər',
    'Kəngərli',
    'Kürdəmir',
    'Laçın',
    'Lerik',
    'Lənkəran',
    'Masallı',
    'Mingəçevir',
    'Naftalan',
    'Naxçıvan',
    'Neftçala',
    'Oğuz',
    'Ordubad',
    'Qax',
    'Qazax',
    'Qəbələ',
    'Qobustan',
    'Quba',
    'Qubadlı',
    'Qusar',
    'Saatlı',
    'Sabirabad',
    'Salyan',
    'Samux',
    'Sədərək',
    'Siyəzən',
    'Şabran',
    'Şahbuz',
    'Şamaxı',
    'Şəki',
    'Şəmkir',
    'Şərur',
    'Şirvan',
    'Şuşa',
    'Tərtər',
    'Tovuz',
    'Ucar',
    'Xaçmaz',
    'Xankəndi',
    'Xızı',
    'Xocalı',
    'Xocavənd',
    'Yardımlı',
    'Yevlax',
    'Zaqatala',
    'Zəngilan',
    'Zərdab',
  ].map((name) => [name, '1'] as [string, string]),
].map(([name, coefficient]) => ({ name: name!, coefficient: coefficient! }));

export const demoFnStatuses = [
  { name: 'Aktiv', description: 'Nişan etibarlıdır' },
  { name: 'Müddəti bitmiş', description: 'Nişanın etibarlılıq müddəti başa çatıb' },
  { name: 'Sığortalanmış', description: 'MDSSH və İTSDA ödənişləri qeydə alınıb' },
  { name: 'Tam sığortalanmamış', description: 'Sığorta ödənişlərindən biri yoxdur' },
  { name: 'Ödənilmiş', description: 'Nişan üzrə ödəniş edilib' },
];

export const demoFnCoefficients = [
  { coefficient: '2', description: 'Bakı şəhəri və Bakıdan başlayan marşrutlar' },
  { coefficient: '1.5', description: 'Abşeron rayonu, Sumqayıt və Gəncə şəhərləri' },
  { coefficient: '1', description: 'Digər yaşayış məntəqələri' },
];

export const demoTransportTypes = [
  { name: 'Avtobus', feeGroup: 'seat' as const },
  { name: 'Mikroavtobus', feeGroup: 'seat' as const },
  { name: 'Minik taksi', feeGroup: 'flat' as const },
  { name: 'Yük avtomobili', feeGroup: 'load' as const },
];

export const demoSpecialTransportTypes = ['Məktəb avtobusu', 'Turist avtobusu', 'Xidməti avtobus'];
export const demoTaxPayers = ['Sadələşdirilmiş vergi ödəyicisi', 'ƏDV ödəyicisi', 'Fərdi sahibkar'];
export const demoRouteCompanies = ['Bakı Sərnişin Nəqliyyatı MMC', 'Gəncə Avtonəqliyyat ASC', 'Sumqayıt Ekspress MMC'];
export const demoBrandsWithModels: Record<string, string[]> = {
  'Mercedes-Benz': ['Sprinter', 'Citaro'],
  Isuzu: ['Novo', 'Citiport'],
  Hyundai: ['County'],
  Ford: ['Transit'],
  Toyota: ['Prius'],
};

export const demoPassword = 'Demo12345';

/** One demo user per role; the national roles work in Baku, the regional ones in Ganja. */
export const demoUsers: { email: string; role: RoleCode; firstName: string; lastName: string; region: string }[] = [
  { email: 'admin@demo.az', role: 'admin', firstName: 'Elnur', lastName: 'Məmmədov', region: 'Bakı' },
  { email: 'central@demo.az', role: 'central', firstName: 'Aygün', lastName: 'Həsənova', region: 'Bakı' },
  { email: 'inspector@demo.az', role: 'inspector', firstName: 'Rəşad', lastName: 'Quliyev', region: 'Gəncə' },
  { email: 'cashier@demo.az', role: 'cashier', firstName: 'Leyla', lastName: 'Əliyeva', region: 'Gəncə' },
  { email: 'regional@demo.az', role: 'regional_head', firstName: 'Tural', lastName: 'İsmayılov', region: 'Gəncə' },
  { email: 'operator@demo.az', role: 'operator', firstName: 'Nigar', lastName: 'Babayeva', region: 'Gəncə' },
];
