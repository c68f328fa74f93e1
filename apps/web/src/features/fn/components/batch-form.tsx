import {
  expireDateTypes,
  fnBatchCreateSchema,
  fnMessages,
  maxBatchNumbers,
  parseFnNumber,
  rangeSize,
  type FnBatch,
} from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvailableSelect, searchByLabel } from '../../../components/available-select';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { focusFirstError, schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { batchQuery, operatorName, useOperators, useSaveBatch, type BatchInput } from '../api/batches';

/** The form's values: the pickers hold ids, the numbers their 6-digit text. */
interface BatchFormValues {
  series: string;
  start_number: string;
  finish_number: string;
  region?: number;
  operator?: number;
  transport_type?: number;
  coefficient?: number;
  expire_date?: number | null;
  expire_date_type?: string;
}

/** The order of the fields on screen: the first failing one gets the focus. */
export const batchFieldOrder = [
  'series',
  'start_number',
  'finish_number',
  'region',
  'operator',
  'transport_type',
  'coefficient',
  'expire_date',
  'expire_date_type',
] as const;

const rules = schemaRules(fnBatchCreateSchema.shape);

/** The range's own rule (the schema's refinement): the end not before the start, at most 100,000 numbers. */
const rangeRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
  validator: async () => {
    const start = parseFnNumber(String(getFieldValue('start_number') ?? ''));
    const finish = parseFnNumber(String(getFieldValue('finish_number') ?? ''));
    if (start === null || finish === null) return;
    if (finish < start) throw new Error(fnMessages.finishBeforeStart);
    if (rangeSize(start, finish) > maxBatchNumbers) throw new Error(fnMessages.tooManyNumbers(maxBatchNumbers));
  },
});

const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 6);

function toValues(batch?: FnBatch): BatchFormValues {
  if (!batch) return { series: '', start_number: '', finish_number: '', expire_date: 1, expire_date_type: 'year' };
  return {
    series: batch.series,
    start_number: batch.start_number,
    finish_number: batch.finish_number,
    region: batch.region,
    operator: batch.operator,
    transport_type: batch.transport_type,
    coefficient: batch.coefficient,
    expire_date: batch.expire_date,
    expire_date_type: batch.expire_date_type,
  };
}

/** The count of numbers the typed range holds, shown as it is typed. */
function RangeCount() {
  const { t } = useTranslation();
  const start = parseFnNumber(Form.useWatch<string>('start_number') ?? '');
  const finish = parseFnNumber(Form.useWatch<string>('finish_number') ?? '');
  const count = start !== null && finish !== null ? rangeSize(start, finish) : null;
  return (
    <Typography.Text type={count === 0 ? 'danger' : 'secondary'} data-testid="fn-range-count" aria-live="polite">
      {count === null ? t('fn.rangeHint') : t('fn.rangeCount', { count, formatted: count.toLocaleString('az-AZ') })}
    </Typography.Text>
  );
}

function OperatorSelect(props: { value?: number; onChange?: (v: number | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const region = Form.useWatch<number | undefined>('region');
  const operators = useOperators(region, region !== undefined);
  return (
    <Select<number>
      {...props}
      allowClear
      showSearch={searchByLabel}
      disabled={region === undefined}
      placeholder={region === undefined ? t('fn.chooseRegionFirst') : t('fn.operator')}
      loading={operators.isLoading && region !== undefined}
      options={(operators.data ?? []).map((o) => ({ value: o.id, label: `${operatorName(o)} (${o.email})` }))}
      style={{ width: '100%' }}
    />
  );
}

/** new-fn-create and new-fn-edit/{pk}: a batch of numbers of one series, issued to an operator of a region. */
export function BatchForm({ batch }: { batch?: FnBatch }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchFormValues>();
  const save = useSaveBatch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(batch?.version);
  const [stale, setStale] = useState(false);

  const onFinish = (values: BatchFormValues) => {
    const fields: BatchInput = {
      series: values.series.trim(),
      start_number: values.start_number,
      finish_number: values.finish_number,
      region: values.region!,
      operator: values.operator!,
      transport_type: values.transport_type!,
      coefficient: values.coefficient!,
      expire_date: values.expire_date!,
      expire_date_type: values.expire_date_type!,
    };
    save.mutate(batch ? { ...fields, id: batch.id, version: version ?? batch.version } : fields, {
      onSuccess: () => {
        notifySuccess();
        void navigate('/app/new-fn');
      },
      onError: (error) => {
        if (isStaleVersion(error)) {
          setStale(true);
          return;
        }
        const failed = showServerErrors(form, error, [...batchFieldOrder]);
        if (failed.length === 0) notifyFailure(error);
      },
    });
  };

  /** Someone saved the batch meanwhile: the form takes the fresh batch and its version. */
  const reload = async () => {
    if (!batch) return;
    try {
      const fresh = await queryClient.fetchQuery({ ...batchQuery(batch.id), staleTime: 0 });
      form.resetFields();
      form.setFieldsValue(toValues(fresh));
      setVersion(fresh.version);
      setStale(false);
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Card>
      {stale && <StaleVersionAlert onReload={reload} />}
      <Form<BatchFormValues>
        form={form}
        layout="vertical"
        initialValues={toValues(batch)}
        onFinish={onFinish}
        onFinishFailed={({ errorFields }) =>
          focusFirstError(
            form,
            errorFields.map((f) => String(f.name[0])),
            batchFieldOrder,
          )
        }
        onValuesChange={(changed: Partial<BatchFormValues>) => {
          // Another region's operator is not a choice: the picker narrows to the region chosen.
          if ('region' in changed) form.setFieldValue('operator', undefined);
        }}
        data-testid="fn-batch-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="series"
              label={t('fn.series')}
              required
              rules={rules.series}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input maxLength={3} autoComplete="off" placeholder="AB" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="start_number"
              label={t('fn.startNumber')}
              required
              rules={rules.start_number}
              normalize={digitsOnly}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000001" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="finish_number"
              label={t('fn.finishNumber')}
              required
              dependencies={['start_number']}
              rules={[...rules.finish_number, rangeRule]}
              normalize={digitsOnly}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000100" />
            </Form.Item>
          </Col>
        </Row>
        <div style={{ marginTop: -8, marginBottom: 16 }}>
          <RangeCount />
        </div>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="region" label={t('fn.region')} required rules={rules.region}>
              <AvailableSelect resource="regions" placeholder={t('fn.region')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="operator" label={t('fn.operator')} required rules={rules.operator}>
              <OperatorSelect />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="transport_type" label={t('fn.transportType')} required rules={rules.transport_type}>
              <AvailableSelect resource="transport-types" placeholder={t('fn.transportType')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="coefficient" label={t('fn.coefficient')} required rules={rules.coefficient}>
              <AvailableSelect resource="fn-coefficients" placeholder={t('fn.coefficient')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="expire_date"
              label={t('fn.expireDate')}
              required
              rules={[{ validator: expireDateValidator }]}
            >
              <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="expire_date_type" label={t('fn.expireDateType')} required rules={rules.expire_date_type}>
              <Select
                options={expireDateTypes.map((type) => ({ value: type.key, label: type.label }))}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="space-between" gap={8}>
          <Button onClick={() => form.resetFields()} disabled={save.isPending}>
            {t('form.reset')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="fn-batch-save">
            {t('form.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** An empty count field is "not a number" to the schema: the message is the field's own one either way. */
async function expireDateValidator(_rule: unknown, value: unknown) {
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 120;
  if (!ok) throw new Error(fnMessages.expireDateInvalid);
}
