import { expireDateTypes, fnBatchCreateSchema, fnMessages, maxBatchNumbers, type FnBatch } from '@dnx/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AvailableSelect, searchByLabel } from '../../../components/available-select';
import { isStaleVersion, StaleVersionAlert } from '../../../components/stale-version-alert';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { focusFirstError, schemaRule, schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { personLabel, useOperators } from '../../access/api/people-by-role';
import { batchQuery, useSaveBatch, type BatchInput } from '../api/batches';
import { ParentBatchSelect } from './parent-batch-select';
import { SeriesRangeFields } from './series-range-fields';
import '../texts';

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
  /** The parent batch (the spec's fnBase), or none. */
  fnBase: number | null;
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
  'fnBase',
] as const;

const rules = {
  ...schemaRules(fnBatchCreateSchema.shape),
  // No parent is a batch of its own: an empty field passes (the shared rule checks an empty field as "").
  fnBase: [schemaRule(fnBatchCreateSchema.shape.fnBase, { optional: true })],
};

function toValues(batch?: FnBatch): BatchFormValues {
  if (!batch)
    return { series: '', start_number: '', finish_number: '', expire_date: 1, expire_date_type: 'year', fnBase: null };
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
    fnBase: batch.fnBase,
  };
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
      options={(operators.data ?? []).map((o) => ({ value: o.id, label: personLabel(o) }))}
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
  const unsaved = useUnsavedChanges(form);

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
      fnBase: values.fnBase ?? null,
    };
    save.mutate(batch ? { ...fields, id: batch.id, version: version ?? batch.version } : fields, {
      onSuccess: () => {
        notifySuccess();
        unsaved.markSaved();
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
      unsaved.markSaved();
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
        <SeriesRangeFields
          from="start_number"
          to="finish_number"
          rules={{ series: rules.series, from: rules.start_number, to: rules.finish_number }}
          max={maxBatchNumbers}
          tooMany={fnMessages.tooManyNumbers(maxBatchNumbers)}
          seriesCol={{ xs: 24, md: 8 }}
          numberCol={{ xs: 12, md: 8 }}
          countTestId="fn-range-count"
        />
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
          <Col xs={24} md={12}>
            <Form.Item name="fnBase" label={t('fn.parentBatch')} extra={t('fn.parentBatchHint')} rules={rules.fnBase}>
              <ParentBatchSelect self={batch?.id} />
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
