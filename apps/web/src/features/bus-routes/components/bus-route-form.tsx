import {
  busRouteCreateSchema,
  busRouteMessages,
  busRouteUpdateSchema,
  nationalRoles,
  type BusRoute,
} from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AvailableSelect, searchByLabel, useAvailable } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { ApiError } from '../../../lib/api-client';
import { firstErrorScroll, schemaRule } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { busRouteQuery } from '../api/get-bus-route';
import { useSaveBusRoute } from '../api/save-bus-route';
import { fieldErrors, routeFormValues, toApiInput, type BusRouteFormValues } from './form-values';
import { RoutePointsEditor } from './route-points-editor';
import { useUnsavedChanges } from '../../../components/unsaved-changes';

const shape = busRouteCreateSchema.shape;
/** The form's fields in their order: the first in error takes the focus. */
const formFields = [
  'transport_type',
  'name',
  'number',
  'region',
  'city',
  'destination_city',
  'cover',
  'route_length_straight',
  'route_length_versa',
  'stops_number_straight',
  'stops_number_versa',
  'start_time',
  'finish_time',
  'one_period_time',
  'interval',
  'fare',
  'route_companies',
  'route_points',
  'description',
  'status',
] as const;

const rules: Partial<Record<(typeof formFields)[number], RuleObject[]>> = {
  transport_type: [schemaRule(shape.transport_type)],
  name: [schemaRule(shape.name)],
  number: [schemaRule(shape.number)],
  city: [schemaRule(shape.city)],
  destination_city: [schemaRule(shape.destination_city)],
  cover: [schemaRule(shape.cover)],
  route_length_straight: [schemaRule(shape.route_length_straight, { optional: true })],
  route_length_versa: [schemaRule(shape.route_length_versa, { optional: true })],
  start_time: [schemaRule(shape.start_time, { optional: true })],
  finish_time: [schemaRule(shape.finish_time, { optional: true })],
  fare: [schemaRule(shape.fare, { optional: true })],
  route_companies: [schemaRule(shape.route_companies, { optional: true })],
};

/** The status switch holds 1 or 0, as the API does. */
const statusItemProps = {
  getValueProps: (value: unknown) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

function CompaniesSelect({
  value,
  onChange,
  current = [],
  disabled,
  ...rest
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  current?: BusRoute['route_companies'];
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const companies = useAvailable('route-companies', undefined, !disabled);
  const options = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A company the route names that is no longer active still shows by its name.
  for (const c of current) if (!options.some((o) => o.value === c.id)) options.push({ value: c.id, label: c.name });
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      showSearch={searchByLabel}
      disabled={disabled}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      loading={companies.isLoading && !disabled}
      placeholder={t('busRoutes.companiesPlaceholder')}
      notFoundContent={companies.isError ? t('resources.unavailable') : undefined}
      style={{ width: '100%' }}
    />
  );
}

export interface BusRouteFormProps {
  /** The route to edit, or to show read-only; none to create. */
  route?: BusRoute;
  /** A past state of the route: every field read-only, no save. */
  readOnly?: boolean;
  onSaved?: (saved: BusRoute) => void;
}

/**
 * The bus route form: every field under its label with its error slot (the shared schema's messages, and the
 * server's under the same fields, a stop's under that stop), the stops as an ordered list with a drawing, and
 * the companies as a multiple choice. An edit sends the version it read; a stale one offers a reload.
 */
export function BusRouteForm({ route, readOnly = false, onSaved }: BusRouteFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const national = (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
  const [form] = Form.useForm<BusRouteFormValues>();
  const save = useSaveBusRoute();
  const [version, setVersion] = useState(route?.version);
  const [stale, setStale] = useState(false);
  const initialValues = useMemo(() => routeFormValues(route), [route]);
  // The stops typed are work too: leaving asks first; a save or a reload shows the saved route, which clears it.
  const unsaved = useUnsavedChanges(readOnly ? false : form);

  const place = (found: { path: string | readonly PropertyKey[]; message: string }[]) => {
    const placed = fieldErrors(found, formFields);
    form.setFields(placed as Parameters<typeof form.setFields>[0]);
    const first = placed.sort(
      (a, b) =>
        formFields.indexOf(a.name[0] as (typeof formFields)[number]) -
        formFields.indexOf(b.name[0] as (typeof formFields)[number]),
    )[0];
    if (first) form.scrollToField(first.name as Parameters<typeof form.scrollToField>[0], firstErrorScroll);
    return placed.length;
  };

  const onFinish = (values: BusRouteFormValues) => {
    const input = toApiInput(values);
    const checked = route
      ? busRouteUpdateSchema.safeParse({ ...input, version })
      : busRouteCreateSchema.safeParse(input);
    if (!checked.success) {
      place(checked.error.issues.map((i) => ({ path: i.path, message: i.message })));
      return;
    }
    save.mutate(
      route ? { id: route.id, body: { ...checked.data, version: version! } } : { id: null, body: checked.data },
      {
        onSuccess: (saved) => {
          notifySuccess();
          setVersion(saved.version);
          setStale(false);
          form.resetFields();
          form.setFieldsValue(routeFormValues(saved));
          unsaved.markSaved();
          onSaved?.(saved);
        },
        onError: (error) => {
          if (isStaleVersion(error)) return setStale(true);
          const found =
            error instanceof ApiError && error.status === 400
              ? Object.keys(error.body).flatMap((key) => {
                  const message = error.fieldMessage(key);
                  return message ? [{ path: key, message }] : [];
                })
              : [];
          if (place(found) === 0) notifyFailure(error);
        },
      },
    );
  };

  /** Someone saved the route meanwhile: the form takes the fresh route and its version. */
  const reload = async () => {
    if (!route) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...busRouteQuery(route.id), staleTime: 0 });
      form.resetFields();
      form.setFieldsValue(routeFormValues(fresh));
      unsaved.markSaved();
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const label = (field: string) => t(`busRoutes.fields.${field}`);
  const reference = (id: number | undefined, name: string | undefined) =>
    id !== undefined && name !== undefined ? { id, name } : undefined;
  const half = { xs: 24, md: 12, xl: 8 } as const;

  return (
    <Card>
      {stale && <StaleVersionAlert onReload={reload} />}
      <Form<BusRouteFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={readOnly}
        onFinish={onFinish}
        onFinishFailed={({ values }) => {
          // The field rules failed: the whole check shows the rest (a stop's coordinates) beside them.
          const checked = busRouteCreateSchema.safeParse(toApiInput(values));
          if (!checked.success) place(checked.error.issues.map((i) => ({ path: i.path, message: i.message })));
        }}
        scrollToFirstError={false}
        data-testid="bus-route-form"
      >
        <Row gutter={16}>
          <Col {...half}>
            <Form.Item name="transport_type" label={label('transport_type')} required rules={rules.transport_type}>
              <AvailableSelect
                resource="transport-types"
                current={reference(route?.transport_type, route?.transport_type_name)}
                disabled={readOnly}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="name" label={label('name')} required rules={rules.name}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="number" label={label('number')} required rules={rules.number}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...half}>
            {national ? (
              <Form.Item
                name="region"
                label={label('region')}
                required
                rules={[{ required: true, message: busRouteMessages.regionRequired }]}
              >
                <RegionSelect current={reference(route?.region, route?.region_name)} disabled={readOnly} />
              </Form.Item>
            ) : (
              // A regional user's routes are their region's: the server sets it, the form only says so.
              <Form.Item label={label('region')}>
                {route ? (
                  <AvailableSelect
                    resource="regions"
                    id="region"
                    value={route.region}
                    current={{ id: route.region, name: route.region_name }}
                    disabled
                    aria-label={label('region')}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('busRoutes.regionFixed')}</Typography.Text>
                )}
              </Form.Item>
            )}
          </Col>
          <Col {...half}>
            <Form.Item name="city" label={label('city')} required rules={rules.city}>
              <AvailableSelect
                resource="cities"
                current={reference(route?.city, route?.city_name)}
                disabled={readOnly}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="destination_city"
              label={label('destination_city')}
              required
              rules={rules.destination_city}
            >
              <AvailableSelect
                resource="cities"
                current={reference(route?.destination_city, route?.destination_city_name)}
                disabled={readOnly}
              />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="cover" label={label('cover')} required rules={rules.cover}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="fare" label={label('fare')} rules={rules.fare}>
              <Input inputMode="decimal" placeholder={t('busRoutes.farePlaceholder')} suffix="₼" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="route_companies" label={label('route_companies')} rules={rules.route_companies}>
              <CompaniesSelect current={route?.route_companies} disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="route_length_straight"
              label={label('route_length_straight')}
              rules={rules.route_length_straight}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="route_length_versa" label={label('route_length_versa')} rules={rules.route_length_versa}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="stops_number_straight" label={label('stops_number_straight')}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="stops_number_versa" label={label('stops_number_versa')}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="start_time" label={label('start_time')} rules={rules.start_time}>
              <Input placeholder={t('busRoutes.timePlaceholder')} maxLength={5} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="finish_time" label={label('finish_time')} rules={rules.finish_time}>
              <Input placeholder={t('busRoutes.timePlaceholder')} maxLength={5} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="one_period_time" label={label('one_period_time')}>
              <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="interval" label={label('interval')}>
              <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="status" label={label('status')} {...statusItemProps}>
              <Switch checkedChildren={t('busRoutes.active')} unCheckedChildren={t('busRoutes.inactive')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={label('description')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
        <RoutePointsEditor form={form} readOnly={readOnly} />
        {!readOnly && (
          <Flex justify="space-between" gap={8} style={{ marginTop: 24 }}>
            <Button onClick={() => form.resetFields()} disabled={save.isPending} data-testid="bus-route-form-reset">
              {t('form.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="bus-route-form-save">
              {t('form.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
