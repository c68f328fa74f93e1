import { DeleteOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  allChecked,
  apiDateFormat,
  applyDriverLookup,
  applyLicenceLookup,
  applyOwnerToRow,
  applyVehicleLookup,
  checkAll,
  checkRow,
  chooseRightOfUse,
  displayDateFormat,
  emptyDraft,
  formatMoney,
  hasPermissions,
  initialFormFrom,
  nationalRoles,
  ownerCategories,
  ownerCategoryOf,
  paymentCreateSchema,
  registryMessages,
  removeRow,
  rightKinds,
  setTrailerLoad,
  totalOf,
  validityMonths,
  addServiceError,
  type ForPaymentForm,
  type Payment,
  type PaymentCreateInput,
  type PaymentDraft,
  type RightKindId,
} from '@dnx/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { ApiError } from '../../../lib/api-client';
import { schemaRules, serverFieldErrors, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../auth/api/current-user';
import { personLabel, useInspectors } from '../../access/api/people-by-role';
import {
  lookupDriver,
  lookupLicence,
  lookupVehicle,
  paymentQuery,
  quote,
  useFreeForms,
  useSavePayment,
} from '../api/payments';
import { InspectorSelect, type InspectorOption } from './inspector-select';
import {
  learn,
  livePrice,
  quoteFailure,
  quoteInput,
  rowForForm,
  rowInput,
  rowsOfPayment,
  type PriceBook,
  type RowDraft,
} from './payment-rows';

interface HeaderValues {
  owner_code: string;
  owner_name: string;
  owner_address: string;
  owner_phone: string;
  owner_transport_type?: number;
  region?: number;
  mdssh_number: string;
  mdssh_date: Dayjs | null;
  mdssh_amount: string;
  itsda_number: string;
  itsda_date: Dayjs | null;
  itsda_amount: string;
}

const headerFields = [
  'owner_code',
  'owner_name',
  'owner_address',
  'owner_phone',
  'owner_transport_type',
  'region',
  'mdssh_number',
  'mdssh_date',
  'mdssh_amount',
  'itsda_number',
  'itsda_date',
  'itsda_amount',
] as const;

const rules = schemaRules(paymentCreateSchema.shape);
const day = (value: string | null) => (value ? dayjs(value, apiDateFormat) : null);
const amountText = (value: string | null) => (value ?? '').replace('.', ',');
const amountApi = (value: string | undefined) => (value?.trim() ? value.trim().replace(',', '.') : null);

function toHeader(payment?: Payment): HeaderValues {
  return {
    owner_code: payment?.owner_code ?? '',
    owner_name: payment?.owner_name ?? '',
    owner_address: payment?.owner_address ?? '',
    owner_phone: payment?.owner_phone ?? '',
    owner_transport_type: payment?.owner_transport_type ?? undefined,
    region: payment?.region,
    mdssh_number: payment?.mdssh_number ?? '',
    mdssh_date: day(payment?.mdssh_date ?? null),
    mdssh_amount: amountText(payment?.mdssh_amount ?? null),
    itsda_number: payment?.itsda_number ?? '',
    itsda_date: day(payment?.itsda_date ?? null),
    itsda_amount: amountText(payment?.itsda_amount ?? null),
  };
}

function draftOf(payment?: Payment): PaymentDraft<RowDraft> {
  if (!payment) return emptyDraft<RowDraft>();
  const rows = rowsOfPayment(payment);
  return { rows, total: totalOf(rows), mdssh_amount: payment.mdssh_amount, itsda_amount: payment.itsda_amount };
}

/** The owner category as the code is typed (shared `ownerCategoryOf`). */
function OwnerCategory() {
  const { t } = useTranslation();
  const code = Form.useWatch<string>('owner_code') ?? '';
  const category = ownerCategoryOf(code.trim());
  const label = ownerCategories.find((c) => c.value === category)?.label;
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="payment-owner-category">
      {t('payments.ownerCategory')}: {label ?? '—'}
    </Typography.Text>
  );
}

/** Picks a free form of the region (series and number) and adds its row, priced as its batch was issued. */
function FormPicker(props: { taken: readonly number[]; region?: number; onAdd: (form: ForPaymentForm) => void }) {
  const { taken, onAdd } = props;
  const { t } = useTranslation();
  const [series, setSeries] = useState('');
  const [number, setNumber] = useState('');
  const [chosen, setChosen] = useState<number>();
  const forms = useFreeForms(series.trim().toUpperCase(), number.trim(), props.region);
  const options = (forms.data ?? []).filter((f) => !taken.includes(f.id));
  const add = () => {
    const form = options.find((f) => f.id === chosen);
    if (!form) return;
    onAdd(form);
    setChosen(undefined);
  };
  return (
    <Flex gap={8} wrap align="end" data-testid="payment-form-picker">
      <label>
        <div>{t('fn.series')}</div>
        <Input value={series} onChange={(e) => setSeries(e.target.value)} maxLength={3} style={{ width: 90 }} />
      </label>
      <label>
        <div>{t('fn.number')}</div>
        <Input value={number} onChange={(e) => setNumber(e.target.value)} maxLength={6} style={{ width: 110 }} />
      </label>
      <Select<number>
        aria-label={t('payments.freeForm')}
        placeholder={t('payments.freeForm')}
        value={chosen}
        onChange={setChosen}
        loading={forms.isLoading}
        options={options.map((f) => ({ value: f.id, label: `${f.series} ${f.number}` }))}
        style={{ minWidth: 200 }}
        data-testid="payment-free-form"
      />
      <Button
        icon={<PlusOutlined />}
        onClick={add}
        disabled={chosen === undefined}

        data-testid="payment-add-row"
      >
        {t('payments.addRow')}
      </Button>
    </Flex>
  );
}

type RowErrors = Record<string, string>;

/** The inspectors a row may name: the region's (when the user may list them) and those the picked forms brought. */
interface InspectorChoice {
  options: readonly InspectorOption[];
  loading: boolean;
  notFound?: string;
}

/** One vehicle row: the lookups fill it, their failures show on it and block nothing. */
function PaymentRowCard(props: {
  row: RowDraft;
  index: number;
  price: string | null;
  /** Why the quote did not price this row (no tariff for its group on the day). */
  quoteError?: string;
  errors: RowErrors;
  onChange: (row: RowDraft) => void;
  onRemove: () => void;
  onCheck: (checked: boolean) => void;
  ownerCode: string;
  inspectors: InspectorChoice;
}) {
  const { t } = useTranslation();
  const { row, index, errors, onChange } = props;
  const name = `${row.form_series} ${row.form_number}`;
  const [busy, setBusy] = useState<string | null>(null);
  const set = (patch: Partial<RowDraft>) => onChange({ ...row, ...patch });
  const field = (key: string, label: string, control: React.ReactNode, span = 6) => (
    <Col xs={24} sm={12} md={span}>
      <Form.Item
        label={label}
        htmlFor={`row-${index}-${key}`}
        validateStatus={errors[key] ? 'error' : undefined}
        help={errors[key]}
        style={{ marginBottom: 12 }}
      >
        {control}
      </Form.Item>
    </Col>
  );
  const lookup = async (kind: string, run: () => Promise<RowDraft>) => {
    setBusy(kind);
    try {
      onChange(await run());
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 404
          ? error.message
          : error instanceof ApiError && error.status < 500 && error.status !== 400
            ? error.message
            : error instanceof ApiError && error.status === 400
              ? (serverFieldErrors(error)[0]?.[1] ?? error.message)
              : registryMessages.unavailable;
      onChange(addServiceError(row, message));
    } finally {
      setBusy(null);
    }
  };
  const lookupButton = (kind: string, value: string, run: () => Promise<RowDraft>) => (
    <Button
      icon={<SearchOutlined />}
      loading={busy === kind}
      disabled={!value.trim()}
      onClick={() => void lookup(kind, run)}
      aria-label={`${t('payments.lookup')}: ${t(`payments.${kind}`)} (${name})`}
      data-testid={`row-${index}-lookup-${kind}`}
    />
  );

  return (
    <Card
      size="small"
      // Every row has the same field labels: the group's name tells assistive technology whose fields they are.
      role="group"
      aria-label={`${t('payments.form')} ${name}`}
      data-testid={`payment-row-${index}`}
      title={
        <Checkbox
          checked={row.checked}
          onChange={(e) => props.onCheck(e.target.checked)}
          data-testid={`row-${index}-check`}
        >
          {t('payments.form')} {name}
        </Checkbox>
      }
      extra={
        <Space>
          <Typography.Text strong data-testid={`row-${index}-price`}>
            {props.price === null ? '—' : formatMoney(props.price)}
          </Typography.Text>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={props.onRemove}
            aria-label={`${t('payments.removeRow')}: ${name}`}
            data-testid={`row-${index}-remove`}
          />
        </Space>
      }
      style={{ marginBottom: 12 }}
    >
      {row.serviceErrors.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('payments.serviceErrors')}
          description={row.serviceErrors.join(' ')}
          data-testid={`row-${index}-service-errors`}
        />
      )}
      {props.quoteError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('payments.quoteRowFailed')}
          description={props.quoteError}
          data-testid={`row-${index}-quote-error`}
        />
      )}
      {errors.form && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errors.form} />}
      <Row gutter={12}>
        {field(
          'plate',
          t('payments.plate'),
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id={`row-${index}-plate`}
              value={row.plate}
              onChange={(e) => set({ plate: e.target.value.toUpperCase() })}
              placeholder="10-AA-123"
              maxLength={10}
            />
            {lookupButton('plate', row.plate, async () =>
              applyVehicleLookup(row, await lookupVehicle(row.plate.trim()), props.ownerCode),
            )}
          </Space.Compact>,
        )}
        {field(
          'brand_model',
          t('payments.brandModel'),
          <Input
            id={`row-${index}-brand_model`}
            value={row.brand_model}
            onChange={(e) => set({ brand_model: e.target.value })}
          />,
        )}
        {field(
          'bus_type',
          t('payments.busType'),
          <Input
            id={`row-${index}-bus_type`}
            value={row.bus_type}
            onChange={(e) => set({ bus_type: e.target.value })}
            maxLength={100}
          />,
          4,
        )}
        {field(
          'seats_count',
          t('payments.seats'),
          <InputNumber
            id={`row-${index}-seats_count`}
            min={0}
            max={1000}
            precision={0}
            value={row.seats_count}
            onChange={(v) => set({ seats_count: v ?? 0 })}
            style={{ width: '100%' }}
          />,
          4,
        )}
        {field(
          'load_carrying_capacity',
          t('payments.load'),
          <Input
            id={`row-${index}-load_carrying_capacity`}
            value={row.load_carrying_capacity}
            onChange={(e) => set({ load_carrying_capacity: e.target.value })}
            inputMode="decimal"
          />,
          4,
        )}
        {field(
          'base_carrier_pin',
          t('payments.carrierPin'),
          <Input
            id={`row-${index}-base_carrier_pin`}
            value={row.base_carrier_pin}
            onChange={(e) =>
              onChange(applyOwnerToRow({ ...row, base_carrier_pin: e.target.value.trim() }, props.ownerCode))
            }
          />,
          4,
        )}
        {field(
          'right_of_use',
          t('payments.rightOfUse'),
          <Select<RightKindId>
            id={`row-${index}-right_of_use`}
            value={row.right_of_use ?? undefined}
            onChange={(v) => onChange(chooseRightOfUse(row, v ?? null))}
            allowClear
            options={rightKinds.map((k) => ({ value: k.id, label: k.label }))}
            data-testid={`row-${index}-right`}
          />,
          5,
        )}
        {field(
          'right_of_use_expire_date',
          t('payments.rightExpiry'),
          <DatePicker
            id={`row-${index}-right_of_use_expire_date`}
            value={day(row.right_of_use_expire_date)}
            onChange={(d) => set({ right_of_use_expire_date: d ? d.format(apiDateFormat) : null })}
            format={displayDateFormat}
            disabled={row.right_of_use === 1}
            style={{ width: '100%' }}
          />,
          3,
        )}
        {field(
          'trailer_plate',
          t('payments.trailerPlate'),
          <Input
            id={`row-${index}-trailer_plate`}
            value={row.trailer_plate}
            onChange={(e) => set({ trailer_plate: e.target.value.toUpperCase() })}
            maxLength={20}
          />,
          4,
        )}
        {field(
          'trailer_load_carrying_capacity',
          t('payments.trailerLoad'),
          <Input
            id={`row-${index}-trailer_load_carrying_capacity`}
            value={row.trailer_load_carrying_capacity}
            onChange={(e) => onChange(setTrailerLoad(row, e.target.value))}
            inputMode="decimal"
          />,
          4,
        )}
        {field(
          'count_vehicle_load',
          t('payments.countVehicleLoad'),
          <Checkbox
            id={`row-${index}-count_vehicle_load`}
            checked={row.count_vehicle_load}
            onChange={(e) => set({ count_vehicle_load: e.target.checked })}
          >
            {t('payments.countVehicleLoadShort')}
          </Checkbox>,
          4,
        )}
        {field(
          'driver_fin',
          t('payments.driverFin'),
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id={`row-${index}-driver_fin`}
              value={row.driver_fin}
              onChange={(e) => set({ driver_fin: e.target.value.toUpperCase() })}
              maxLength={7}
            />
            {lookupButton('driver', row.driver_fin, async () =>
              applyDriverLookup(row, await lookupDriver(row.driver_fin.trim())),
            )}
          </Space.Compact>,
          4,
        )}
        {field(
          'driver_full_name',
          t('payments.driverName'),
          <Input
            id={`row-${index}-driver_full_name`}
            value={row.driver_full_name}
            onChange={(e) => set({ driver_full_name: e.target.value })}
          />,
          6,
        )}
        {field(
          'driving_license_number',
          t('payments.licence'),
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id={`row-${index}-driving_license_number`}
              value={row.driving_license_number}
              onChange={(e) => set({ driving_license_number: e.target.value.toUpperCase() })}
              maxLength={8}
            />
            {lookupButton('licence', row.driving_license_number, async () =>
              applyLicenceLookup(row, await lookupLicence(row.driving_license_number.trim())),
            )}
          </Space.Compact>,
          4,
        )}
        <Col xs={24} sm={12} md={4}>
          <Typography.Text type="secondary" data-testid={`row-${index}-licence`}>
            {row.driving_license_categories.join(', ')}
            {row.driving_license_expire_date
              ? ` · ${dayjs(row.driving_license_expire_date).format(displayDateFormat)}`
              : ''}
          </Typography.Text>
        </Col>
        {field(
          'inspector',
          t('payments.inspector'),
          <InspectorSelect
            id={`row-${index}-inspector`}
            value={row.inspector}
            onChange={(inspector) => set({ inspector })}
            options={props.inspectors.options}
            loading={props.inspectors.loading}
            notFound={props.inspectors.notFound}
            data-testid={`row-${index}-inspector`}
          />,
        )}
        {field(
          'bus_route_name',
          t('payments.busRouteName'),
          <Input
            id={`row-${index}-bus_route_name`}
            value={row.bus_route_name}
            onChange={(e) => set({ bus_route_name: e.target.value })}
          />,
        )}
        {field(
          'bus_route_number',
          t('payments.busRouteNumber'),
          <Input
            id={`row-${index}-bus_route_number`}
            value={row.bus_route_number}
            onChange={(e) => set({ bus_route_number: e.target.value })}
          />,
          3,
        )}
        {field(
          'work_sectors',
          t('payments.workSectors'),
          <Input
            id={`row-${index}-work_sectors`}
            value={row.work_sectors}
            onChange={(e) => set({ work_sectors: e.target.value })}
          />,
          9,
        )}
        {field(
          'expire_date',
          t('payments.months'),
          <Select
            id={`row-${index}-expire_date`}
            value={row.expire_date}
            onChange={(v) => set({ expire_date: v })}
            options={validityMonths.map((m) => ({ value: m, label: t('payments.monthsCount', { count: m }) }))}
          />,
          3,
        )}
        {field(
          'coefficient',
          t('fn.coefficient'),
          <Input id={`row-${index}-coefficient`} value={row.coefficient} readOnly />,
          3,
        )}
      </Row>
    </Card>
  );
}

/** Server keys `rows.N.field` by row, the rest by header field. */
function splitErrors(error: unknown): { rows: Record<number, RowErrors>; other: [string, string][] } {
  const rows: Record<number, RowErrors> = {};
  const other: [string, string][] = [];
  for (const [key, message] of serverFieldErrors(error)) {
    const match = /^rows\.(\d+)\.(\w+)/.exec(key);
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = message;
    else other.push([key, message]);
  }
  return { rows, other };
}

/** The payment form: the header, the rows by picked forms, the live prices and total; save creates or edits. */
export function PaymentForm({ payment }: { payment?: Payment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const [form] = Form.useForm<HeaderValues>();
  // The stored payment the form's values come from: its version goes with the edit; a reload replaces it.
  const [base, setBase] = useState(payment);
  const [draft, setDraft] = useState<PaymentDraft<RowDraft>>(() => draftOf(payment));
  const [rowErrors, setRowErrors] = useState<Record<number, RowErrors>>({});
  const [stale, setStale] = useState(false);
  const [book, setBook] = useState<PriceBook>({ feeGroups: new Map(), tariffs: [], date: '' });
  const save = useSavePayment();
  const ownerCode = (Form.useWatch<string>('owner_code', form) ?? '').trim();
  const headerRegion = Form.useWatch<number | undefined>('region', form);
  // A row's inspector is one of the payment region's: the header's for a national user, else the user's own.
  const region = national ? headerRegion : (me?.region ?? undefined);
  // Whoever builds a payment (add_payment) may list the region's inspectors.
  const inspectors = useInspectors(region, region !== undefined);
  // A form shared to an inspector names them, so a saved inspector shows by name while the list loads.
  const [formInspectors, setFormInspectors] = useState<InspectorOption[]>([]);
  const inspectorChoice = useMemo<InspectorChoice>(() => {
    const listed = (inspectors.data ?? []).map((p) => ({ value: p.id, label: personLabel(p) }));
    const options = [...listed, ...formInspectors.filter((f) => !listed.some((o) => o.value === f.value))];
    const notFound =
      region === undefined ? t('fn.chooseRegionFirst') : inspectors.isError ? t('common.unavailable') : undefined;
    return { options, loading: inspectors.isLoading, notFound };
  }, [inspectors.data, inspectors.isLoading, inspectors.isError, formInspectors, region, t]);

  // The server's quote of the rows: it names each transport type's fee group and tariff; the shared tariff
  // function then prices every keystroke on the screen. The stored price stays the server's.
  const quoteKey = JSON.stringify(draft.rows.map(quoteInput));
  const quoted = useQuery({
    queryKey: ['payments', 'quote', quoteKey],
    queryFn: async () => {
      const rows = draft.rows;
      const answer = await quote({ rows: rows.map(quoteInput) });
      setBook((b) => learn(b, rows, answer.rows, answer.date));
      return answer;
    },
    enabled: draft.rows.length > 0 && draft.rows.every((r) => /^\d+([.,]\d+)?$/.test(r.load_carrying_capacity || '0')),
    staleTime: 60_000,
    retry: false,
  });

  const prices = useMemo(
    () => draft.rows.map((row, i) => livePrice(book, row) ?? quoted.data?.rows[i]?.amount ?? null),
    [book, draft.rows, quoted.data],
  );
  // A failed quote says why: on the rows it refused, or for all of them when it had no answer.
  const failure = quoted.isError ? quoteFailure(quoted.error) : null;
  const checkedTotal = totalOf(
    draft.rows.map((row, i) => ({ tax_price: row.checked ? (prices[i] ?? '0.00') : '0.00' })),
  );

  const updateRow = (index: number, row: RowDraft) =>
    setDraft((d) => ({ ...d, rows: d.rows.map((r, i) => (i === index ? row : r)) }));

  const addForm = (picked: ForPaymentForm) => {
    const { inspector, inspector_name: name } = picked;
    if (inspector !== null && name)
      setFormInspectors((known) =>
        known.some((k) => k.value === inspector) ? known : [...known, { value: inspector, label: name }],
      );
    setDraft((d) => ({ ...d, rows: [...d.rows, rowForForm(picked)] }));
  };

  const remove = (key: string) => {
    const next = removeRow(draft, key);
    setDraft(next);
    setRowErrors({});
    // Removing a row zeroes the insurance amounts: they are entered again for what is left.
    form.setFieldsValue({ mdssh_amount: amountText(next.mdssh_amount), itsda_amount: amountText(next.itsda_amount) });
  };

  /** The header and the rows as `stored` has them (empty for a new payment). */
  const showStored = (stored?: Payment) => {
    form.resetFields();
    form.setFieldsValue(toHeader(stored));
    setDraft(draftOf(stored));
    setRowErrors({});
  };

  const reset = () => showStored(base);

  /** Someone saved the payment meanwhile: the form takes the fresh payment, its rows and its version. */
  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...paymentQuery(base.id), staleTime: 0 });
      setBase(fresh);
      showStored(fresh);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const onFinish = (values: HeaderValues) => {
    const chosen = initialFormFrom(draft);
    const body: PaymentCreateInput = {
      owner_code: values.owner_code.trim(),
      owner_name: values.owner_name.trim(),
      owner_address: values.owner_address?.trim() ?? '',
      owner_phone: values.owner_phone?.trim() ?? '',
      owner_transport_type: values.owner_transport_type ?? null,
      region: values.region ?? null,
      mdssh_number: values.mdssh_number?.trim() ?? '',
      mdssh_date: values.mdssh_date ? values.mdssh_date.format(apiDateFormat) : null,
      mdssh_amount: amountApi(values.mdssh_amount),
      itsda_number: values.itsda_number?.trim() ?? '',
      itsda_date: values.itsda_date ? values.itsda_date.format(apiDateFormat) : null,
      itsda_amount: amountApi(values.itsda_amount),
      rows: chosen.rows.map(rowInput),
    };
    // Row errors come back by the index of the rows sent (the checked ones).
    const sentIndex = draft.rows.map((r, i) => (r.checked ? i : -1)).filter((i) => i >= 0);
    save.mutate(base ? { ...body, id: base.id, version: base.version } : body, {
      onSuccess: () => {
        notifySuccess();
        void navigate('/app/fn-payment');
      },
      onError: (error) => {
        if (isStaleVersion(error)) {
          setStale(true);
          return;
        }
        const { rows, other } = splitErrors(error);
        const mapped: Record<number, RowErrors> = {};
        for (const [i, errors] of Object.entries(rows)) mapped[sentIndex[Number(i)] ?? Number(i)] = errors;
        setRowErrors(mapped);
        const placed = showServerErrors(form, error, [...headerFields]);
        const rowsMessage = other.find(([key]) => key === 'rows')?.[1];
        if (rowsMessage) notifyFailure(new ApiError(400, { detail: rowsMessage }));
        else if (placed.length === 0 && Object.keys(rows).length === 0) notifyFailure(error);
      },
    });
  };

  return (
    <Card>
      {stale && <StaleVersionAlert onReload={reload} />}
      {base?.online_request != null && (
        // Made of an online request (accepted in online-payment): the way back to it.
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="payment-online-request"
          message={
            hasPermissions(me?.permissions ?? [], ['view_onlinepayment']) ? (
              <Link to={`/app/online-payment?request=${base.online_request}`}>{t('payments.fromOnlineRequest')}</Link>
            ) : (
              t('payments.fromOnlineRequest')
            )
          }
        />
      )}
      <Form<HeaderValues>
        form={form}
        layout="vertical"
        initialValues={toHeader(payment)}
        onFinish={onFinish}
        data-testid="payment-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item
              name="owner_code"
              label={t('payments.ownerCode')}
              required
              rules={rules.owner_code}
              extra={<OwnerCategory />}
            >
              <Input maxLength={10} inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="owner_name" label={t('payments.ownerName')} required rules={rules.owner_name}>
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="owner_phone" label={t('payments.ownerPhone')}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={national ? 8 : 16}>
            <Form.Item name="owner_address" label={t('payments.ownerAddress')}>
              <Input maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="owner_transport_type" label={t('payments.ownerTransportType')}>
              <AvailableSelect resource="transport-types" placeholder={t('payments.ownerTransportType')} />
            </Form.Item>
          </Col>
          {national && (
            <Col xs={24} md={8}>
              <Form.Item name="region" label={t('fn.region')} required>
                <RegionSelect />
              </Form.Item>
            </Col>
          )}
          {(['mdssh', 'itsda'] as const).map((which) => (
            <Col xs={24} md={12} key={which}>
              <Row gutter={8}>
                <Col span={8}>
                  <Form.Item name={`${which}_number`} label={t(`payments.${which}Number`)}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={`${which}_date`} label={t(`payments.${which}Date`)}>
                    <DatePicker format={displayDateFormat} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item name={`${which}_amount`} label={t(`payments.${which}Amount`)}>
                    <Input inputMode="decimal" placeholder="0,00" />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          ))}
        </Row>

        <Typography.Title level={2} style={{ fontSize: 18 }}>
          {t('payments.rows')}
        </Typography.Title>
        {/* A national user's picker narrows to the payment's region once it is chosen. */}
        <FormPicker
          taken={draft.rows.map((r) => r.form)}
          region={national ? headerRegion : undefined}
          onAdd={addForm}
        />
        <Flex justify="space-between" align="center" style={{ margin: '12px 0' }}>
          <Checkbox
            checked={allChecked(draft)}
            indeterminate={draft.rows.some((r) => r.checked) && !allChecked(draft)}
            disabled={draft.rows.length === 0}
            onChange={(e) => setDraft(checkAll(draft, e.target.checked))}
            data-testid="payment-check-all"
          >
            {t('payments.checkAll')}
          </Checkbox>
          <Typography.Text strong data-testid="payment-total" aria-live="polite">
            {t('payments.total')}: {formatMoney(checkedTotal)}
          </Typography.Text>
        </Flex>
        {failure?.unavailable && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('payments.quoteUnavailable')}
            description={failure.detail ?? t('payments.quoteUnavailableText')}
            action={
              <Button size="small" loading={quoted.isFetching} onClick={() => void quoted.refetch()}>
                {t('list.retry')}
              </Button>
            }
            data-testid="payment-quote-error"
          />
        )}
        {draft.rows.length === 0 && (
          <Typography.Paragraph type="secondary">{t('payments.noRows')}</Typography.Paragraph>
        )}
        {draft.rows.map((row, index) => (
          <PaymentRowCard
            key={row.key}
            row={row}
            index={index}
            price={prices[index] ?? null}
            quoteError={failure?.rows[index]}
            errors={rowErrors[index] ?? {}}
            ownerCode={ownerCode}
            inspectors={inspectorChoice}
            onChange={(next) => updateRow(index, next)}
            onRemove={() => remove(row.key)}
            onCheck={(checked) => setDraft(checkRow(draft, row.key, checked))}
          />
        ))}
        <Flex justify="space-between" gap={8}>
          <Button onClick={reset} disabled={save.isPending} data-testid="payment-reset">
            {t('form.reset')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            disabled={!draft.rows.some((r) => r.checked)}
            data-testid="payment-save"
          >
            {t('form.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
