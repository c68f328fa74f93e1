import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import {
  addServiceError,
  apiDateFormat,
  applyDriverLookup,
  applyLicenceLookup,
  applyOwnerToRow,
  applyVehicleLookup,
  chooseRightOfUse,
  displayDateFormat,
  formatMoney,
  rightKinds,
  setTrailerLoad,
  validityMonths,
  type RightKindId,
} from '@dnx/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lookupDriver, lookupLicence, lookupVehicle } from '../api/payments';
import { InspectorSelect, type InspectorOption } from './inspector-select';
import { day, type RowErrors } from './payment-header-values';
import { lookupFailure, type RowDraft } from './payment-rows';

/** The inspectors a row may name: the region's (when the user may list them) and those the picked forms brought. */
export interface InspectorChoice {
  options: readonly InspectorOption[];
  loading: boolean;
  notFound?: string;
}

/** One vehicle row: the lookups fill it, their failures show on it and block nothing. */
export function PaymentRowCard(props: {
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
      onChange(addServiceError(row, lookupFailure(error)));
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
