import { RollbackOutlined, ShareAltOutlined } from '@ant-design/icons';
import { fnMessages, fnShareSchema, maxFormsPerMove, parseFnNumber, rangeSize } from '@dnx/shared';
import { Button, Col, Flex, Form, Input, Modal, Row, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstError, schemaRules, showServerErrors } from '../../../lib/form-rules';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useMoveForms, type ShareMove } from '../api/share';
import { PersonSelect } from './person-select';

interface RangeValues {
  inspector?: number;
  series: string;
  number_from: string;
  number_to: string;
}

const fieldOrder = ['inspector', 'series', 'number_from', 'number_to'];
const rules = schemaRules(fnShareSchema.shape);
const digitsOnly = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 6);

/** The schema's range rule: the end not before the start, at most 10,000 forms in one move. */
const rangeRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
  validator: async () => {
    const from = parseFnNumber(String(getFieldValue('number_from') ?? ''));
    const to = parseFnNumber(String(getFieldValue('number_to') ?? ''));
    if (from === null || to === null) return;
    if (to < from) throw new Error(fnMessages.finishBeforeStart);
    if (rangeSize(from, to) > maxFormsPerMove) throw new Error(fnMessages.tooManyForms(maxFormsPerMove));
  },
});

function RangeCount() {
  const { t } = useTranslation();
  const from = parseFnNumber(Form.useWatch<string>('number_from') ?? '');
  const to = parseFnNumber(Form.useWatch<string>('number_to') ?? '');
  const count = from !== null && to !== null ? rangeSize(from, to) : null;
  return (
    <Typography.Text type={count === 0 ? 'danger' : 'secondary'} aria-live="polite" data-testid="fn-share-range-count">
      {count === null ? t('fn.rangeHint') : t('fn.rangeCount', { count, formatted: count.toLocaleString('az-AZ') })}
    </Typography.Text>
  );
}

/**
 * Shares a range of one series to an inspector, or takes it back: every form of the range must be active (share)
 * or shared to that inspector (take back), else nothing moves and the server says why.
 */
export function RangeShareDialog({
  open,
  inspector,
  onClose,
}: {
  open: boolean;
  inspector: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RangeValues>();
  const moveForms = useMoveForms();
  const [pending, setPending] = useState<ShareMove | null>(null);
  const [lastMoved, setLastMoved] = useState<{ move: ShareMove; count: number } | null>(null);

  const submit = async (move: ShareMove) => {
    let values: RangeValues;
    try {
      values = await form.validateFields();
    } catch (failed) {
      const fields = (failed as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      focusFirstError(
        form,
        fields.map((f) => String(f.name[0])),
        fieldOrder,
      );
      return;
    }
    setPending(move);
    moveForms.mutate(
      {
        move,
        body: {
          inspector: values.inspector!,
          series: values.series.trim(),
          number_from: values.number_from,
          number_to: values.number_to,
        },
      },
      {
        onSuccess: (moved) => {
          notifySuccess();
          setPending(null);
          form.setFieldsValue({ number_from: '', number_to: '' });
          form.setFields([{ name: 'number_to', errors: [] }]);
          setLastMoved({ move, count: moved.count });
        },
        onError: (error) => {
          setPending(null);
          if (showServerErrors(form, error, fieldOrder).length === 0) notifyFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('fn.rangeShareTitle')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Flex gap={8} wrap>
            <Button
              icon={<RollbackOutlined />}
              loading={pending === 'unshare'}
              disabled={pending === 'share'}
              onClick={() => void submit('unshare')}
              data-testid="fn-range-unshare"
            >
              {t('fn.takeBack')}
            </Button>
            <Button
              type="primary"
              icon={<ShareAltOutlined />}
              loading={pending === 'share'}
              disabled={pending === 'unshare'}
              onClick={() => void submit('share')}
              data-testid="fn-range-share"
            >
              {t('fn.share')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('fn.rangeShareText')}</Typography.Paragraph>
      <Form<RangeValues>
        form={form}
        layout="vertical"
        initialValues={{ inspector, series: '', number_from: '', number_to: '' }}
        onValuesChange={() => setLastMoved(null)}
        clearOnDestroy
        data-testid="fn-range-form"
      >
        <Form.Item name="inspector" label={t('fn.inspector')} required rules={rules.inspector}>
          <PersonSelect kind="inspectors" placeholder={t('fn.inspector')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={6}>
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
          <Col xs={12} sm={9}>
            <Form.Item
              name="number_from"
              label={t('fn.startNumber')}
              required
              rules={rules.number_from}
              normalize={digitsOnly}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000001" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={9}>
            <Form.Item
              name="number_to"
              label={t('fn.finishNumber')}
              required
              dependencies={['number_from']}
              rules={[...rules.number_to, rangeRule]}
              normalize={digitsOnly}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="off" placeholder="000100" />
            </Form.Item>
          </Col>
        </Row>
        <div style={{ marginTop: -8 }}>
          <RangeCount />
        </div>
        {lastMoved && (
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="fn-range-moved" aria-live="polite">
            {t(lastMoved.move === 'share' ? 'fn.rangeShared' : 'fn.rangeTakenBack', { count: lastMoved.count })}
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
