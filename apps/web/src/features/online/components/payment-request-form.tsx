import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  normalizePlate,
  onlineMessages,
  onlinePaymentRequestSchema,
  onlineVehicleSchema,
  validityMonths,
} from '@dnx/shared';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { schemaRule, schemaRules } from '../../../lib/form-rules';
import { usePublicTransportTypes } from '../api/public-references';
import {
  decimalText,
  useSubmitPaymentRequest,
  type OnlineSubmitted,
  type PaymentRequestValues,
  type VehicleValues,
} from '../api/submit-request';
import { PublicRegionSelect, PublicTransportTypeSelect } from './public-pickers';
import { closingFields, RequestSubmitSection, useRequestAttempt } from './request-submit';

const shape = onlinePaymentRequestSchema.shape;
const rules = schemaRules(shape);
const idText = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const ownerRegionRule = schemaRule(shape.owner_region, { toApi: idText });
const ownerTypeRule = schemaRule(shape.owner_transport_type, { toApi: idText, optional: true });

const vehicle = onlineVehicleSchema.shape;
const vehicleRules = {
  plate: schemaRule(vehicle.plate),
  transport_type: schemaRule(vehicle.transport_type),
  seats_count: schemaRule(vehicle.seats_count, { optional: true }),
  load_carrying_capacity: schemaRule(vehicle.load_carrying_capacity, {
    optional: true,
    toApi: (v) => decimalText(typeof v === 'string' ? v : ''),
  }),
  months: schemaRule(vehicle.months),
  driver_fin: schemaRule(vehicle.driver_fin, { optional: true }),
};

const order = [
  'owner_code',
  'owner_name',
  'owner_address',
  'owner_phone',
  'owner_email',
  'owner_transport_type',
  'owner_region',
  'vehicles',
  ...closingFields,
];
const vehicleOrder = ['plate', 'transport_type', 'seats_count', 'load_carrying_capacity', 'months', 'driver_fin'];

/** A plate given for two vehicles (the contract's `plateTwice`), compared as the server normalizes it. */
const plateOnce = (form: FormInstance<PaymentRequestValues>, index: number): RuleObject => ({
  validator: async (_rule, value: unknown) => {
    const plate = normalizePlate(typeof value === 'string' ? value : '');
    if (plate === null) return;
    const others = (form.getFieldValue('vehicles') as VehicleValues[] | undefined) ?? [];
    if (others.some((v, i) => i !== index && normalizePlate(v?.plate ?? '') === plate))
      throw new Error(onlineMessages.plateTwice);
  },
});

/** At least one vehicle (the contract's `vehiclesRequired`). */
const someVehicles = {
  validator: async (_rule: unknown, list: unknown[] | undefined) => {
    if (!list?.length) throw new Error(onlineMessages.vehiclesRequired);
  },
};

const emptyVehicle: VehicleValues = { plate: '', load_carrying_capacity: '', driver_fin: '' };

/** One vehicle's fields; seats or load show as its transport type is priced (both until a type is chosen). */
function VehicleCard(props: {
  form: FormInstance<PaymentRequestValues>;
  index: number;
  name: number;
  removable: boolean;
  onRemove: () => void;
}) {
  const { form, index, name, removable, onRemove } = props;
  const { t } = useTranslation();
  const types = usePublicTransportTypes();
  const typeId = Form.useWatch(['vehicles', name, 'transport_type'], form) as number | undefined;
  const group = types.data?.find((type) => type.id === typeId)?.fee_group;
  const title = t('online.vehicle', { n: index + 1 });
  return (
    <Card
      size="small"
      role="group"
      aria-label={title}
      title={title}
      className="online-vehicle"
      data-testid={`online-vehicle-${index}`}
      extra={
        removable && (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('online.removeVehicleLabel', { n: index + 1 })}
          >
            {t('online.removeVehicle')}
          </Button>
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name={[name, 'plate']}
            label={t('online.plate')}
            required
            rules={[vehicleRules.plate, plateOnce(form, name)]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={12} autoCapitalize="characters" autoComplete="off" placeholder="10-AA-123" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name={[name, 'transport_type']}
            label={t('online.transportType')}
            required
            rules={[vehicleRules.transport_type]}
          >
            <PublicTransportTypeSelect placeholder={t('online.transportType')} />
          </Form.Item>
        </Col>
        {group !== 'load' && group !== 'flat' && (
          <Col xs={12} md={8}>
            <Form.Item name={[name, 'seats_count']} label={t('online.seats')} rules={[vehicleRules.seats_count]}>
              <InputNumber min={0} max={1000} precision={0} inputMode="numeric" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {group !== 'seat' && group !== 'flat' && (
          <Col xs={12} md={8}>
            <Form.Item
              name={[name, 'load_carrying_capacity']}
              label={t('online.load')}
              rules={[vehicleRules.load_carrying_capacity]}
            >
              <Input maxLength={9} inputMode="decimal" placeholder="12,5" />
            </Form.Item>
          </Col>
        )}
        <Col xs={12} md={8}>
          <Form.Item name={[name, 'months']} label={t('online.months')} required rules={[vehicleRules.months]}>
            <Select<number>
              placeholder={t('online.months')}
              options={validityMonths.map((m) => ({ value: m, label: t('online.monthsCount', { count: m }) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'driver_fin']}
            label={t('online.driverFin')}
            rules={[vehicleRules.driver_fin]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={7} autoCapitalize="characters" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

/** A carrier asks for marks: the owner as in a payment's header, one or more vehicles, documents, consent. */
export function PaymentRequestForm({ onSubmitted }: { onSubmitted: (answer: OnlineSubmitted, voen: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PaymentRequestValues>();
  const submit = useSubmitPaymentRequest();
  const attempt = useRequestAttempt(order, vehicleOrder);

  const onFinish = (values: PaymentRequestValues) => {
    if (!attempt.gtoken) return;
    attempt.started();
    submit.mutate(
      { values, gtoken: attempt.gtoken },
      {
        onSuccess: (answer) => onSubmitted(answer, values.owner_code.trim()),
        onError: (error) => attempt.refused(form, error),
        onSettled: attempt.answered,
      },
    );
  };

  return (
    <Form<PaymentRequestValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      name="marks"
      initialValues={{ vehicles: [emptyVehicle] }}
      data-testid="online-payment-form"
    >
      <Typography.Paragraph type="secondary">{t('online.paymentIntro')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="owner_code" label={t('online.voen')} required rules={rules.owner_code}>
            <Input maxLength={10} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_name" label={t('online.ownerName')} required rules={rules.owner_name}>
            <Input maxLength={300} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="owner_address" label={t('online.address')} rules={rules.owner_address}>
            <Input maxLength={500} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_phone" label={t('online.phone')} required rules={rules.owner_phone}>
            <Input maxLength={20} inputMode="tel" autoComplete="tel" placeholder="+994501234567" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_email" label={t('online.email')} required rules={rules.owner_email}>
            <Input maxLength={254} inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_transport_type" label={t('online.ownerTransportType')} rules={[ownerTypeRule]}>
            <PublicTransportTypeSelect placeholder={t('online.ownerTransportType')} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_region" label={t('online.region')} required rules={[ownerRegionRule]}>
            <PublicRegionSelect placeholder={t('online.region')} />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Title level={3} className="online-section-title">
        {t('online.vehicles')}
      </Typography.Title>
      <Form.List name="vehicles" rules={[someVehicles]}>
        {(fields, { add, remove }, { errors }) => (
          <div className="online-vehicles">
            {fields.map((field, index) => (
              <VehicleCard
                key={field.key}
                form={form}
                index={index}
                name={field.name}
                removable={fields.length > 1}
                onRemove={() => remove(field.name)}
              />
            ))}
            <Form.ErrorList errors={errors} />
            {attempt.problems.vehicles && (
              <Alert type="error" showIcon message={attempt.problems.vehicles} data-testid="online-vehicles-error" />
            )}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ ...emptyVehicle })}
              disabled={fields.length >= 50}
              data-testid="online-add-vehicle"
            >
              {t('online.addVehicle')}
            </Button>
          </div>
        )}
      </Form.List>

      <RequestSubmitSection attempt={attempt} pending={submit.isPending} />
    </Form>
  );
}
