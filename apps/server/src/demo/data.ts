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
export const demoCities = ['Bakı', 'Gəncə', 'Sumqayıt', 'Mingəçevir', 'Şəki', 'Lənkəran', 'Şamaxı', 'Quba'];
export const demoBrandsWithModels: Record<string, string[]> = {
  'Mercedes-Benz': ['Sprinter', 'Citaro'],
  Isuzu: ['Novo', 'Citiport'],
  Hyundai: ['County'],
  Ford: ['Transit'],
  Toyota: ['Prius'],
};

/** Carriers with their VÖEN (the last digit: 1 legal entity, 2 individual) and tax payer kind. */
export const demoCarriers = [
  {
    name: 'Bakı Sərnişin Nəqliyyatı MMC',
    voen: '1400123451',
    phone: '+994125101010',
    address: 'Bakı, Nərimanov rayonu, Təbriz küçəsi 12',
    taxPayer: 'Sadələşdirilmiş vergi ödəyicisi',
  },
  {
    name: 'Gəncə Avtonəqliyyat ASC',
    voen: '2000456781',
    phone: '+994222566060',
    address: 'Gəncə, Atatürk prospekti 45',
    taxPayer: 'ƏDV ödəyicisi',
  },
  {
    name: 'Rəşidov Elçin Vaqif oğlu',
    voen: '1700987652',
    phone: '+994503334455',
    address: 'Sumqayıt, 9-cu mikrorayon',
    taxPayer: 'Fərdi sahibkar',
  },
];

export const demoDrivers = [
  {
    lastName: 'Əliyev',
    firstName: 'Orxan',
    parentName: 'Vüqar',
    identityFinCode: '5ABC12X',
    drivingLicenseNumber: 'AZ100001',
    drivingLicenseStartDate: '2012-05-14',
    drivingLicenseFinishDate: '2032-05-14',
    drivingCategory: ['B', 'D'],
  },
  {
    lastName: 'İsmayılova',
    firstName: 'Günel',
    parentName: 'Rəşad',
    identityFinCode: '6KLM34Q',
    drivingLicenseNumber: 'AZ100002',
    drivingLicenseStartDate: '2018-09-01',
    drivingLicenseFinishDate: '2028-09-01',
    drivingCategory: ['B'],
  },
  {
    lastName: 'Quliyev',
    firstName: 'Şahin',
    parentName: 'Əli',
    identityFinCode: '7XYZ56P',
    drivingLicenseNumber: 'AZ100003',
    drivingLicenseStartDate: '2015-03-20',
    drivingLicenseFinishDate: '2035-03-20',
    drivingCategory: ['B', 'C', 'CE', 'D'],
  },
];

/** Automobiles: plate, brand and model (from the lists above), owner by VÖEN, kind of right (spec ids). */
export const demoAutomobiles = [
  {
    plate: '10-AB-123',
    brand: 'Mercedes-Benz',
    model: 'Sprinter',
    seats: 18,
    load: '0',
    owner: '1400123451',
    right: 1,
  },
  { plate: '20-GA-456', brand: 'Isuzu', model: 'Novo', seats: 27, load: '0', owner: '2000456781', right: 3 },
  { plate: '50-SR-789', brand: 'Toyota', model: 'Prius', seats: 4, load: '0', owner: '1700987652', right: 2 },
].map((a) => ({ ...a, rightExpiry: a.right === 1 ? null : '2027-12-31' }));

/** Monthly rates of the simplified tax, Tax Code art. 220.5, in force since 2019-01-01 (decisions.md section 4). */
export const demoTariffs = [
  {
    feeGroup: 'seat',
    rate: '1.80',
    effectiveFrom: '2019-01-01',
    description: 'Vergi Məcəlləsi, maddə 220.5: hər oturacaq yeri üçün',
  },
  {
    feeGroup: 'flat',
    rate: '9.00',
    effectiveFrom: '2019-01-01',
    description: 'Vergi Məcəlləsi, maddə 220.5: minik taksisi',
  },
  { feeGroup: 'load', rate: '0', effectiveFrom: '2019-01-01', description: 'Yük daşıma: dərəcə müəyyən edilməyib (0)' },
];

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
