import { emailPattern } from '../auth/rules';
import { phonePattern } from '../users/schemas';
import { resourceMessages as m } from './messages';
import { isIsoDate } from '../api/input';
import { defineResource, type FieldDefinition, type ResourceDefinition, type ResourceKey } from './define';
import {
  drivingCategories,
  feeGroups,
  finPattern,
  licenceNumberPattern,
  normalizeFin,
  normalizeLicenceNumber,
  normalizePlate,
  ownershipRightKind,
  rightKinds,
  statusOptions,
  voenPattern,
} from './values';

const status: FieldDefinition = {
  name: 'status',
  label: 'Status',
  kind: 'status',
  options: statusOptions,
  list: true,
  sortable: true,
  filter: true,
};
const name = (label = 'Ad'): FieldDefinition => ({
  name: 'name',
  label,
  kind: 'text',
  required: true,
  list: true,
  sortable: true,
  filter: true,
  search: true,
});
const description = (required: boolean): FieldDefinition => ({
  name: 'description',
  label: 'Təsvir',
  kind: 'textarea',
  max: 500,
  required,
  list: true,
  filter: true,
  search: true,
});
const coefficient: FieldDefinition = {
  name: 'coefficient',
  label: 'Əmsal',
  kind: 'decimal',
  scale: 4,
  positive: true,
  required: true,
  invalidMessage: m.coefficientInvalid,
  list: true,
  sortable: true,
  filter: true,
};

/** A list known by its unique name (spec section 3): a name and a status, or the fields given. */
function namedList(
  key: ResourceKey,
  title: string,
  singular: string,
  permission: ResourceDefinition['permission'],
  routes: ResourceDefinition['routes'],
  fields: FieldDefinition[] = [name(), status],
): ResourceDefinition {
  return defineResource({
    key,
    title,
    singular,
    permission,
    routes,
    fields,
    labelField: 'name',
    uniqueName: true,
    defaultOrder: { order_by: 'name', order: 'asc' },
  });
}

export const regionResource = namedList(
  'regions',
  'Regionlar',
  'Region',
  'region',
  { list: 'regions', create: 'region-create', edit: 'region-edit' },
  [name('Regionun adı'), coefficient, status],
);

export const fnStatusResource = namedList(
  'fn-statuses',
  'FN statusları',
  'FN statusu',
  'fnstatus',
  { list: 'fn-status', create: 'fn-status-create', edit: 'fn-status-edit' },
  [name(), description(true), status],
);

export const fnCoefficientResource = defineResource({
  key: 'fn-coefficients',
  title: 'FN əmsalları',
  singular: 'FN əmsalı',
  permission: 'fncoefficient',
  routes: { list: 'fn-coefficient', create: 'fn-coefficient-create', edit: 'fn-coefficient-edit' },
  fields: [coefficient, description(true), status],
  labelField: 'description',
  availableValue: 'coefficient',
  defaultOrder: { order_by: 'coefficient', order: 'desc' },
});

export const transportTypeResource = defineResource({
  key: 'transport-types',
  title: 'Nəqliyyat növləri',
  singular: 'Nəqliyyat növü',
  permission: 'transporttype',
  routes: { list: 'transport-types', create: 'transport-types-create', edit: 'transport-types-edit' },
  fields: [
    name(),
    {
      name: 'fee_group',
      label: 'Rüsum qrupu',
      kind: 'choice',
      options: feeGroups,
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    status,
  ],
  labelField: 'name',
  uniqueName: true,
  defaultOrder: { order_by: 'name', order: 'asc' },
});

// Its edit screen is the transport-types-edit route (spec section 2), told apart by `?resource=`.
export const specialTransportTypeResource = namedList(
  'special-transport-types',
  'Xüsusi nəqliyyat növləri',
  'Xüsusi nəqliyyat növü',
  'specialtransporttype',
  { list: 'special-transport-types', create: 'special-transport-types-create', edit: 'transport-types-edit' },
);

export const taxPayerResource = namedList('tax-payers', 'Vergi ödəyiciləri', 'Vergi ödəyicisi', 'taxpayer', {
  list: 'tax-payers',
  create: 'tax-payers-create',
  edit: 'tax-payers-edit',
});

export const routeCompanyResource = namedList(
  'route-companies',
  'Marşrut şirkətləri',
  'Marşrut şirkəti',
  'routecompany',
  { list: 'route-companies', create: 'route-companies-create', edit: 'route-companies-edit' },
);

/** Cities: where a bus route starts and ends (issue 15). */
export const cityResource = namedList('cities', 'Şəhərlər', 'Şəhər', 'city', {
  list: 'cities',
  create: 'cities-create',
  edit: 'cities-edit',
});

export const automobileBrandResource = namedList(
  'automobile-brands',
  'Avtomobil markaları',
  'Avtomobil markası',
  'automobilebrand',
  { list: 'automobile-brands', create: 'automobile-brands-create', edit: 'automobile-brands-edit' },
);

export const automobileModelResource = defineResource({
  key: 'automobile-models',
  title: 'Avtomobil modelləri',
  singular: 'Avtomobil modeli',
  permission: 'automobilemodel',
  routes: { list: 'automobile-models', create: 'automobile-models-create', edit: 'automobile-models-edit' },
  fields: [
    name('Model'),
    {
      name: 'brand',
      label: 'Marka',
      kind: 'reference',
      reference: 'automobile-brands',
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    status,
  ],
  labelField: 'name',
  // A model's name is unique within its brand; the server checks that pair.
  defaultOrder: { order_by: 'name', order: 'asc' },
  availableBy: ['brand'],
});

export const carrierResource = defineResource({
  key: 'carriers',
  title: 'Daşıyıcılar',
  singular: 'Daşıyıcı',
  permission: 'carrier',
  routes: { list: 'carriers', create: 'carrier-form', edit: 'carrier-form' },
  fields: [
    name('Daşıyıcının adı'),
    {
      name: 'voen',
      label: 'VÖEN',
      kind: 'text',
      required: true,
      pattern: voenPattern,
      example: '9900000001',
      invalidMessage: m.voenInvalid,
      list: true,
      sortable: true,
      filter: true,
      search: true,
    },
    {
      name: 'phone',
      label: 'Telefon',
      kind: 'text',
      required: true,
      normalize: (v) => v.replace(/[\s()-]/g, ''),
      pattern: phonePattern,
      example: '+994501234567',
      invalidMessage: m.phoneInvalid,
      list: true,
      filter: true,
      search: true,
    },
    { name: 'address', label: 'Ünvan', kind: 'text', max: 300, list: true, filter: true, search: true },
    {
      name: 'tax_payer',
      label: 'Vergi ödəyicisi',
      kind: 'reference',
      reference: 'tax-payers',
      list: true,
      sortable: true,
      filter: true,
    },
    { name: 'info', label: 'Məlumat', kind: 'textarea', max: 1000 },
    {
      name: 'email',
      label: 'E-poçt',
      kind: 'text',
      max: 254,
      normalize: (v) => v.toLowerCase(),
      pattern: emailPattern,
      example: 'info@dasiyici.az',
      invalidMessage: m.emailInvalid,
    },
    {
      name: 'expiry_reminders',
      label: 'Müddət xəbərdarlıqları',
      kind: 'choice',
      options: [
        { value: 1, label: 'Göndərilsin' },
        { value: 0, label: 'Göndərilməsin' },
      ],
      default: 1,
      filter: true,
    },
    status,
    { name: 'created_at', label: 'Yaradılma tarixi', kind: 'date', readOnly: true, list: true, sortable: true },
  ],
  labelField: 'name',
  defaultOrder: { order_by: 'created_at', order: 'desc' },
});

export const driverResource = defineResource({
  key: 'drivers',
  title: 'Sürücülər',
  singular: 'Sürücü',
  permission: 'driver',
  routes: { list: 'drivers', create: 'drivers-create', edit: 'drivers-edit' },
  fields: [
    {
      name: 'last_name',
      label: 'Soyad',
      kind: 'text',
      required: true,
      list: true,
      sortable: true,
      filter: true,
      search: true,
    },
    {
      name: 'first_name',
      label: 'Ad',
      kind: 'text',
      required: true,
      list: true,
      sortable: true,
      filter: true,
      search: true,
    },
    { name: 'parent_name', label: 'Ata adı', kind: 'text', required: true, list: true, filter: true, search: true },
    {
      name: 'identity_fin_code',
      label: 'FİN kod',
      kind: 'text',
      required: true,
      normalize: normalizeFin,
      pattern: finPattern,
      example: '7ZZZZZZ',
      invalidMessage: m.finInvalid,
      list: true,
      sortable: true,
      filter: true,
      search: true,
    },
    {
      name: 'driving_license_number',
      label: 'Sürücülük vəsiqəsinin nömrəsi',
      kind: 'text',
      max: 8,
      normalize: normalizeLicenceNumber,
      pattern: licenceNumberPattern,
      example: 'AB123456',
      invalidMessage: m.licenceNumberInvalid,
      filter: true,
    },
    {
      name: 'driving_license_start_date',
      label: 'Vəsiqənin verilmə tarixi',
      kind: 'date',
      example: '2020-01-15',
      required: true,
      list: true,
      sortable: true,
    },
    {
      name: 'driving_license_finish_date',
      label: 'Vəsiqənin bitmə tarixi',
      kind: 'date',
      example: '2030-01-15',
      required: true,
      list: true,
      sortable: true,
    },
    {
      name: 'driving_category',
      label: 'Sürücülük kateqoriyaları',
      kind: 'multi-choice',
      options: drivingCategories.map((c) => ({ value: c, label: c })),
      required: true,
      invalidMessage: m.categoriesRequired,
      list: true,
      filter: true,
    },
    status,
  ],
  labelField: 'last_name',
  defaultOrder: { order_by: 'last_name', order: 'asc' },
  refine: (v, ctx) => {
    const start = v.driving_license_start_date;
    const finish = v.driving_license_finish_date;
    if (
      typeof start === 'string' &&
      typeof finish === 'string' &&
      isIsoDate(start) &&
      isIsoDate(finish) &&
      finish <= start
    ) {
      ctx.addIssue({ code: 'custom', message: m.licenceFinishBeforeStart, path: ['driving_license_finish_date'] });
    }
  },
});

export const automobileResource = defineResource({
  key: 'automobiles',
  title: 'Avtomobillər',
  singular: 'Avtomobil',
  permission: 'automobile',
  routes: { list: 'automobiles', create: 'automobiles-create', edit: 'automobiles-edit' },
  fields: [
    {
      name: 'registration_number',
      label: 'Qeydiyyat nişanı',
      kind: 'text',
      required: true,
      normalize: normalizePlate,
      example: '99-ZZ-999',
      invalidMessage: m.plateInvalid,
      list: true,
      sortable: true,
      filter: true,
      search: true,
    },
    {
      name: 'brand',
      label: 'Marka',
      kind: 'reference',
      reference: 'automobile-brands',
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    {
      name: 'model',
      label: 'Model',
      kind: 'reference',
      reference: 'automobile-models',
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    { name: 'seats', label: 'Oturacaq sayı', kind: 'integer', list: true, sortable: true },
    {
      name: 'load_capacity',
      label: 'Yük götürmə qabiliyyəti (ton)',
      kind: 'decimal',
      scale: 2,
      list: true,
      listHidden: true,
      sortable: true,
    },
    {
      name: 'carrier',
      label: 'Sahibi (daşıyıcı)',
      kind: 'reference',
      reference: 'carriers',
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    {
      name: 'right_kind',
      label: 'İstifadə hüququ',
      kind: 'choice',
      options: rightKinds.map((r) => ({ value: r.id, label: r.label })),
      required: true,
      list: true,
      filter: true,
    },
    { name: 'right_expiry_date', label: 'Hüququn bitmə tarixi', kind: 'date', list: true, sortable: true },
    status,
  ],
  labelField: 'registration_number',
  defaultOrder: { order_by: 'registration_number', order: 'asc' },
  refine: (v, ctx) => {
    // Ownership needs no expiry (it is cleared); any other right must say when it ends.
    if (v.right_kind === ownershipRightKind) v.right_expiry_date = null;
    else if (v.right_kind !== undefined && !v.right_expiry_date) {
      ctx.addIssue({ code: 'custom', message: m.rightExpiryRequired, path: ['right_expiry_date'] });
    }
  },
});

export const tariffResource = defineResource({
  key: 'tariffs',
  title: 'Tariflər',
  singular: 'Tarif',
  permission: 'tariff',
  routes: { list: 'tariffs', create: 'tariffs-create', edit: 'tariffs-edit' },
  fields: [
    {
      name: 'fee_group',
      label: 'Rüsum qrupu',
      kind: 'choice',
      options: feeGroups,
      required: true,
      list: true,
      sortable: true,
      filter: true,
    },
    {
      name: 'rate',
      label: 'Aylıq dərəcə (₼)',
      kind: 'decimal',
      scale: 2,
      required: true,
      invalidMessage: m.rateInvalid,
      list: true,
      sortable: true,
    },
    { name: 'effective_from', label: 'Qüvvəyə minmə tarixi', kind: 'date', required: true, list: true, sortable: true },
    { name: 'description', label: 'Əsas', kind: 'text', max: 300, list: true, search: true },
  ],
  labelField: 'effective_from',
  defaultOrder: { order_by: 'effective_from', order: 'desc' },
});

/** Every resource of the one CRUD pattern, in menu order. */
export const resources: readonly ResourceDefinition[] = [
  regionResource,
  fnStatusResource,
  fnCoefficientResource,
  transportTypeResource,
  specialTransportTypeResource,
  taxPayerResource,
  routeCompanyResource,
  cityResource,
  automobileBrandResource,
  automobileModelResource,
  carrierResource,
  driverResource,
  automobileResource,
  tariffResource,
];

export function findResource(key: string): ResourceDefinition | undefined {
  return resources.find((r) => r.key === key);
}
