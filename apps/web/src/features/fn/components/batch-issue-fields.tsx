import { expireDateTypes, fnMessages } from '@dnx/shared';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableSelect, searchByLabel } from '../../../components/available-select';
import { personLabel, useOperators } from '../../../lib/people-by-role';
import { rules } from './batch-form-values';
import { ParentBatchSelect } from './parent-batch-select';
import '../texts';

/** To whom and how a batch is issued: region and its operator, transport type, coefficient, validity, parent batch. */
export function BatchIssueFields({ batchId }: { batchId?: number }) {
  const { t } = useTranslation();
  return (
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
        <Form.Item name="expire_date" label={t('fn.expireDate')} required rules={[{ validator: expireDateValidator }]}>
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
          <ParentBatchSelect self={batchId} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The region's operators: none to choose until a region is. */
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

/** An empty count field is "not a number" to the schema: the message is the field's own one either way. */
async function expireDateValidator(_rule: unknown, value: unknown) {
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 120;
  if (!ok) throw new Error(fnMessages.expireDateInvalid);
}
